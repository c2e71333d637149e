import { useSyncExternalStore } from 'react';
import { DownloadManager, findEntry, type DownloadEntry } from './download-manager';
import { useDownloadsContext } from './downloads-context';

/**
 * The app's one download manager, created by the first caller: only the pane's code (its controls
 * and the downloads panel) calls this, and it has the manager's module, so whatever shows a
 * download control always has the manager.
 */
export function useDownloadManager(): DownloadManager {
  return useDownloadsContext().slot.fill(() => new DownloadManager());
}

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
