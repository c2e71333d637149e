import { useEffect, useSyncExternalStore } from 'react';
import type { DownloadManager } from './download-manager';

function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium and WebKit show the prompt only when returnValue is set.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  event.returnValue = '';
}

/**
 * While a download's bytes pass through this page, reloading or closing it would end the download,
 * so the browser asks first. With nothing running there is no listener at all: a `beforeunload`
 * listener also keeps the page out of the back/forward cache.
 */
export function useLeaveGuard(manager: DownloadManager): void {
  const running = useSyncExternalStore(manager.subscribe, () => manager.active().length > 0);
  useEffect(() => {
    if (!running) return;
    window.addEventListener('beforeunload', askBeforeLeaving);
    return () => window.removeEventListener('beforeunload', askBeforeLeaving);
  }, [running]);
}
