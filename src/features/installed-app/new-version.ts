import type { PageMessage } from '../../download-worker/protocol';
import type { AppWorkerHandle } from './app-worker-handle';

/**
 * - `current`: this page runs the newest version the browser knows of;
 * - `ready`: a newer one is installed (its worker waits), or has taken over from another tab;
 * - `switching`: the agent chose Reload; the new worker is taking over, then the page reloads;
 * - `after-downloads`: the old worker is still sending downloads to the browser's Downloads: the
 *   browser lets the new one take over (and the page reloads) once they are done.
 */
export type NewVersionState = 'current' | 'ready' | 'switching' | 'after-downloads';

/** How long a switch may take before the agent is told what it waits for. */
export const SWITCH_NOTICE_MS = 3_000;

/**
 * Follows whether a new version of the app is ready (`onChange` is called with each new state)
 * and offers `reload` to start it. Never reloads by itself: only `reload` (the agent's Reload)
 * tells the waiting worker to take over, and the page reloads once it has. While a download runs
 * in the page, the page's own question before leaving (features/downloads/manager/leave-guard.ts)
 * asks first, as closing the tab does. Returns `reload` and a function that stops following.
 */
export function followNewVersion(
  { container, registration, reload: reloadPage }: AppWorkerHandle,
  onChange: (state: NewVersionState) => void,
): { reload: () => void; stop: () => void } {
  let state: NewVersionState = 'current';
  let switching = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: NewVersionState) => {
    clearTimeout(timer);
    if (next === state) return;
    state = next;
    if (state === 'switching') timer = setTimeout(() => set('after-downloads'), SWITCH_NOTICE_MS);
    onChange(state);
  };
  // A page the worker does not control (the very first visit, a hard reload) was loaded from the
  // network: it already runs the newest files.
  const ready = () => {
    if (container.controller && state === 'current') set('ready');
  };
  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      // Firefox can report a worker installed only once it has taken this page over (a first
      // visit's worker claims it): then it is the version this page runs, not a newer one.
      if (worker.state === 'installed' && container.controller !== worker) ready();
    });
  };
  const onUpdateFound = () => watch(registration.installing);
  let controlled = container.controller !== null;
  const onControllerChange = () => {
    if (switching) {
      switching = false;
      reloadPage();
      // Still here: the agent chose to stay (a download runs in the page). Reload stays on
      // offer, and now only reloads.
      set('ready');
    } else if (controlled) {
      // Another tab's Reload started the new version: this page still runs the old one.
      ready();
    }
    controlled = container.controller !== null;
  };

  if (registration.waiting) ready();
  watch(registration.installing);
  registration.addEventListener('updatefound', onUpdateFound);
  container.addEventListener('controllerchange', onControllerChange);

  const reload = () => {
    const waiting = registration.waiting;
    if (!waiting || !container.controller) {
      reloadPage();
      return;
    }
    switching = true;
    set('switching');
    // A newer version replaced this one before it took over: that one is ready instead.
    waiting.addEventListener('statechange', () => {
      if (waiting.state !== 'redundant' || !switching) return;
      switching = false;
      set('ready');
    });
    waiting.postMessage({ type: 'skip-waiting' } satisfies PageMessage);
  };
  const stop = () => {
    clearTimeout(timer);
    registration.removeEventListener('updatefound', onUpdateFound);
    container.removeEventListener('controllerchange', onControllerChange);
  };
  return { reload, stop };
}
