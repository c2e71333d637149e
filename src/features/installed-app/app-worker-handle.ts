/**
 * What the installed app's notices use of the service worker and the page: the browser's own
 * objects in the app (start-installed-app.ts), fakes in tests.
 */
export interface AppWorkerHandle {
  container: Pick<
    ServiceWorkerContainer,
    'controller' | 'addEventListener' | 'removeEventListener'
  >;
  registration: Pick<
    ServiceWorkerRegistration,
    'installing' | 'waiting' | 'update' | 'addEventListener' | 'removeEventListener'
  >;
  /** Loads the page again (location.reload in the app). */
  reload: () => void;
}
