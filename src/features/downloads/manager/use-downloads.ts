import { useSyncExternalStore } from 'react';
import { findEntry, type DownloadEntry } from './download-manager';
import { useDownloadManager } from './downloads-context';

/** Every download of this session, newest first. */
export function useDownloads(): readonly DownloadEntry[] {
  const manager = useDownloadManager();
  return useSyncExternalStore(manager.subscribe, manager.getSnapshot);
}

/** One download by key (see keys.ts); undefined until it has been started. */
export function useDownloadEntry(key: string): DownloadEntry | undefined {
  const manager = useDownloadManager();
  return useSyncExternalStore(manager.subscribe, () => findEntry(manager, key));
}
