/// <reference lib="webworker" />
/**
 * The app's service worker, built by Vite to /download-sw.js (a classic script: see README.md).
 * It does three things, each for its own URLs only:
 * - downloads: the hidden iframes' requests for DOWNLOAD_PATH (serve.ts);
 * - config.json: network first, with its last good copy (config-copy.ts);
 * - the app shell: the build's own files, precached at install and served from the precache, and
 *   index.html for the app's navigations (app-shell.ts, Workbox).
 * Every other request (the conversation service's above all) goes to the network untouched, and
 * is never cached; requests to other origins do not even reach this worker (other-origins.ts).
 */
import { serveAppShell } from './app-shell';
import { isConfigRequest, saveConfigCopy, serveConfig } from './config-copy';
import { sendOtherOriginsToNetwork } from './other-origins';
import { handlePageMessage } from './page-messages';
import { DOWNLOAD_PATH } from './protocol';
import { serveDownload } from './serve';

declare const self: ServiceWorkerGlobalScope;

// No skipWaiting() here: a new version waits until the agent chooses Reload (skip-waiting in
// page-messages.ts) or every tab of the old one has closed, so an open tab never runs a mix of
// two builds' files, and downloads the old worker is serving finish first (Chromium keeps an
// outgoing worker until its responses have been sent, for up to five minutes after Reload).
self.addEventListener('install', (event) => {
  sendOtherOriginsToNetwork(event);
  event.waitUntil(saveConfigCopy());
});

// The first version takes control of the open pages at once: their downloads need it.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', handlePageMessage);

// Added before Workbox's own listener (serveAppShell): a request answered here is not matched by
// any of its routes (app-shell.ts keeps download URLs out of its navigation route).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(DOWNLOAD_PATH)) {
    event.respondWith(serveDownload(event.request, url.pathname.slice(DOWNLOAD_PATH.length)));
  } else if (isConfigRequest(event.request, url)) {
    event.respondWith(serveConfig(event));
  }
});

serveAppShell(self.__WB_MANIFEST);
