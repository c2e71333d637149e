import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { DOWNLOAD_PATH } from './protocol';

/**
 * Paths the app's navigations never take: the worker's own download URLs (answered by main.ts's
 * listener, which runs first: two answers to one request would be an error) and files
 * (`/config.json` opened in a tab shows the JSON, not the app). Tested against path + query.
 */
const NOT_THE_APP = [new RegExp(`^${DOWNLOAD_PATH}`), /^[^?]*\/[^/?]*\.[a-z0-9]+(\?|$)/i];

/**
 * The app shell, with Workbox's precaching: the build's files (the list vite-plugin.ts writes into
 * the worker) are fetched into the precache when this worker installs, and
 * served from it, so the app starts without the network. A new build is a new worker: it fills
 * the same cache with what changed while the old one still serves its own copies, and drops the
 * old copies only when it takes over (activate). Every navigation of the app (`/`,
 * `/conversations/…`, any query) gets the precached index.html, as the server's SPA fallback would.
 *
 * Only this origin's own built files are ever cached here: the precache list is made from the
 * build, never from requests, so nothing from the conversation service (list, messages,
 * attachments) nor anything sent with the token can enter it.
 */
export function serveAppShell(entries: (PrecacheEntry | string)[]): void {
  // Caches of older Workbox versions' formats, should any be left.
  cleanupOutdatedCaches();
  precacheAndRoute(entries);
  // The development server has no precache (its files are not built): navigations go to it.
  if (!entries.some((entry) => (typeof entry === 'string' ? entry : entry.url) === '/index.html'))
    return;
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_APP }),
  );
}
