import type { DownloadManager } from './download-manager';

function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium and WebKit show the prompt only when returnValue is set.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  event.returnValue = '';
}

const guarded = new WeakSet<DownloadManager>();

/**
 * While a download's bytes pass through this page, reloading or closing it would end the download,
 * so the browser asks first. With nothing running there is no listener at all: a `beforeunload`
 * listener also keeps the page out of the back/forward cache. Set up by the manager's first
 * download.
 */
export function guardLeaving(manager: DownloadManager): void {
  if (guarded.has(manager)) return;
  guarded.add(manager);
  let guarding = false;
  manager.subscribe(() => {
    const needed = manager.active().length > 0;
    if (needed === guarding) return;
    guarding = needed;
    if (needed) window.addEventListener('beforeunload', askBeforeLeaving);
    else window.removeEventListener('beforeunload', askBeforeLeaving);
  });
}
