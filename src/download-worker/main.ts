/// <reference lib="webworker" />
/**
 * The download worker's entry, built by Vite to /download-sw.js (a classic script: see
 * README.md). It answers only its own URLs; every other request goes to the network untouched
 * and nothing is cached.
 */
import { handlePageMessage } from './page-messages';
import { DOWNLOAD_PATH } from './protocol';
import { serveDownload } from './serve';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', handlePageMessage);

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(DOWNLOAD_PATH)) return;
  event.respondWith(serveDownload(event.request, url.pathname.slice(DOWNLOAD_PATH.length)));
});
