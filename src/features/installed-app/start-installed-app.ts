import { appWorkerAvailable, askToControlThisPage, registerAppWorker } from '../../lib/app-worker';
import { mountAppNotices } from './app-notices';
import { showCountOnIcons } from './count-on-icons';

/**
 * The installed app, started once the first rows (or the sign-in form) are drawn, from its own
 * chunk (app/start.tsx): the count on the app badge and the favicon, the service worker (which
 * precaches the app shell, so the next start needs no network) and its notices.
 *
 * @public read from the module loadPaneCode (app/pane-code.ts) returns, which knip cannot follow
 */
export function startInstalledApp(): void {
  showCountOnIcons();
  if (!appWorkerAvailable()) return;
  registerAppWorker().then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // Browsers always give a registration; a tool that blocks workers may give none.
      if (!registration) return;
      void askToControlThisPage();
      mountAppNotices({
        container: navigator.serviceWorker,
        registration,
        reload: () => location.reload(),
      });
    },
    // No worker (refused, say, in a private window): the app runs as before, online only.
    () => undefined,
  );
}
