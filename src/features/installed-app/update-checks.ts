import type { AppWorkerHandle } from './app-worker-handle';

/** How often a visible tab asks the server whether a new version has been deployed. */
export const UPDATE_CHECK_INTERVAL_MS = 10 * 60_000;

/**
 * Asks for a new version of the worker (and with it, of the app) as soon as the tab becomes
 * visible and every UPDATE_CHECK_INTERVAL_MS while it stays visible; never while it is hidden (the
 * agent is elsewhere; the check runs as they come back). A navigation makes the browser check by
 * itself. Each check is one request for /download-sw.js, revalidated against its ETag (a 304 when
 * nothing changed). Returns a function that stops checking.
 */
export function checkForUpdates(registration: AppWorkerHandle['registration']): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (!document.hidden) timer = setTimeout(check, UPDATE_CHECK_INTERVAL_MS);
  };
  function check() {
    // Offline, or the server is down: the next check will do.
    registration.update().catch(() => undefined);
    schedule();
  }
  const onVisibility = () => (document.hidden ? clearTimeout(timer) : check());
  document.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
