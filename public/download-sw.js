/**
 * Threadline's download worker: hands large attachments to the browser's download manager, so
 * they are never held in the page's memory and download at the browser's own speed.
 *
 * It answers ONLY its own URLs, `/__threadline/download/<random id>` on this origin; every other
 * request falls through to the network untouched and nothing is cached.
 *
 * Protocol (page side: src/features/downloads/engines/worker-download.ts). Messages are accepted
 * only from this origin's own pages, each with a MessageChannel port for the replies.
 *
 * 1. A large attachment, the "ticket": {type: 'fetch', url, token, fileName, size}. url must be
 *    an absolute http(s) URL (the page has already checked it is on the service's origin and
 *    base path), token a string. The ticket is kept ONLY in this worker's memory, under a random
 *    128-bit id, for at most TICKET_TTL_MS (10 s); it is used once and dropped on expiry. It is
 *    never logged, cached or stored. Reply: {type: 'ready', id}.
 *    The page then navigates a hidden iframe to /__threadline/download/<id>. The worker takes the
 *    ticket (deleting it at once), requests the file itself with the token (no cookies, no cache,
 *    no redirects, no referrer) and:
 *    - error status: answers the iframe with an empty page (no download starts) and the page
 *      {type: 'error', reason: 'http', status, retryAfter};
 *    - no answer / refused redirect: an empty page and {type: 'error', reason: 'network'};
 *    - ok: answers the iframe with the response body untouched (never read here) under its own
 *      headers (attachment with the safe name, octet-stream, nosniff, sandbox CSP, no-store,
 *      Content-Length when known) and tells the page {type: 'started', total}. From then on the
 *      download belongs to the browser: its Downloads UI shows progress and Cancel, and it goes on
 *      when the page reloads or closes.
 *    {type: 'cancel'} from the page before that drops the ticket or aborts the worker's request.
 *
 * 2. A stream the page produces (Download all: the zip is built in the page as it is fetched):
 *    {type: 'stream', stream, fileName, size}, the stream transferred with the port. Kept under a
 *    random id for at most STREAM_TTL_MS; the iframe's request gets the stream with the same
 *    headers, and the worker reports {type: 'started'}, {type: 'progress', received, total}
 *    (throttled), {type: 'done', received}, {type: 'error', reason}, or {type: 'cancelled'} when
 *    the agent cancels in the browser's Downloads list. {type: 'cancel'} from the page (Cancel, a
 *    failure) errors the stream, so the browser marks the download failed instead of saving half
 *    a file. The worker never sees a url or the token for this job.
 */
'use strict';

const DOWNLOAD_PATH = '/__threadline/download/';
/** A ticket (url + token) lives this long at most: the page navigates its iframe at once. */
const TICKET_TTL_MS = 10_000;
/** A page-produced stream waits this long at most for its iframe. */
const STREAM_TTL_MS = 60_000;
const PROGRESS_INTERVAL_MS = 100;

/**
 * id -> entry. A ticket: {ticket: {url, token}, fileName, size, port, timer, cancel}. A stream:
 * {stream, fileName, size, port, timer, cancel, release}. Memory only, never persisted.
 */
const entries = new Map();

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if (!isOwnClient(event.source)) return;
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  switch (data.type) {
    case 'claim':
      event.waitUntil(self.clients.claim());
      break;
    case 'fetch':
      acceptTicket(data, event.ports[0]);
      break;
    case 'stream':
      acceptStreamJob(data, event.ports[0]);
      break;
    default:
      // 'keepalive' and anything else: receiving a message keeps the worker alive; nothing to do.
      break;
  }
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(DOWNLOAD_PATH)) return;
  event.respondWith(serveDownload(event.request, url.pathname.slice(DOWNLOAD_PATH.length)));
});

function isOwnClient(source) {
  if (!source || typeof source.url !== 'string') return false;
  try {
    return new URL(source.url).origin === self.location.origin;
  } catch {
    return false;
  }
}

function randomId() {
  const bytes = new Uint8Array(16);
  self.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isHttpUrl(value) {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function refuse(port) {
  port.postMessage({ type: 'error', reason: 'invalid' });
  port.close();
}

/** A large attachment the worker will request itself; see the top of this file. */
function acceptTicket(data, port) {
  if (!port) return;
  const { url, token, fileName, size } = data;
  if (
    !isHttpUrl(url) ||
    typeof token !== 'string' ||
    token === '' ||
    typeof fileName !== 'string'
  ) {
    refuse(port);
    return;
  }
  registerJob({ ticket: { url, token }, fileName, size, port }, TICKET_TTL_MS);
}

/** A stream the page produces (transferred with the message); see the top of this file. */
function acceptStreamJob(data, port) {
  if (!port) return;
  const { stream, fileName, size } = data;
  if (!(stream instanceof ReadableStream) || typeof fileName !== 'string') {
    if (stream instanceof ReadableStream) stream.cancel().catch(() => {});
    refuse(port);
    return;
  }
  const entry = { stream, fileName, size, port };
  entry.release = () => {
    if (entry.stream) entry.stream.cancel(new Error('Download cancelled')).catch(() => {});
    entry.stream = null;
  };
  registerJob(entry, STREAM_TTL_MS);
}

/** Keeps a job under a random id for at most `ttl` ms and tells the page the id. */
function registerJob(entry, ttl) {
  const { port } = entry;
  const id = randomId();
  entry.fileName = entry.fileName || 'attachment';
  entry.size = Number.isSafeInteger(entry.size) && entry.size >= 0 ? entry.size : undefined;
  entry.cancel = () => {
    entries.delete(id);
    clearTimeout(entry.timer);
    entry.ticket = null;
    if (entry.release) entry.release();
    port.close();
  };
  entry.timer = setTimeout(() => {
    if (entries.get(id) !== entry) return;
    port.postMessage({ type: 'error', reason: 'expired' });
    entry.cancel();
  }, ttl);
  port.onmessage = (message) => {
    if (message.data && message.data.type === 'cancel') entry.cancel();
  };
  entries.set(id, entry);
  port.postMessage({ type: 'ready', id });
}

function noDownload() {
  // An empty text page: the hidden iframe stays blank and the browser starts no download. Not a
  // 204: Firefox reports a worker's 204 to a frame's navigation as an error of the page.
  return new Response('', {
    status: 200,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      // No sandbox: nothing can run in an empty text page, and a sandboxed frame makes Chromium
      // log every script a tool tries in it as an error.
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'no-store',
    },
  });
}

async function serveDownload(request, rawId) {
  const entry = entries.get(rawId);
  if (request.method !== 'GET' || !entry) return noDownload();
  // One use only.
  entries.delete(rawId);
  clearTimeout(entry.timer);
  return entry.ticket ? serveTicket(entry) : serveStream(entry);
}

function parseLength(value) {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) ? length : undefined;
}

/**
 * Requests the file with the ticket's token and hands the answer's body, unread, to the browser's
 * download manager. Handing over the fetch's own body (not a stream of ours) is what lets
 * Chromium move the bytes from the network to the file without running any JavaScript per chunk.
 */
async function serveTicket(entry) {
  const { port } = entry;
  const { url, token } = entry.ticket;
  // The token leaves the worker's memory with this request.
  entry.ticket = null;
  const controller = new AbortController();
  let settled = false;
  const reply = (message) => {
    if (settled) return;
    settled = true;
    port.postMessage(message);
    port.close();
  };
  port.onmessage = (message) => {
    if (message.data && message.data.type === 'cancel') {
      settled = true;
      controller.abort();
      port.close();
    }
  };
  let upstream;
  try {
    upstream = await fetch(url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
      mode: 'cors',
      signal: controller.signal,
    });
  } catch {
    reply({ type: 'error', reason: 'network' });
    return noDownload();
  }
  if (settled) {
    // The page cancelled while the headers were on their way.
    controller.abort();
    return noDownload();
  }
  if (!upstream.ok) {
    controller.abort();
    // Retry-After (when the service exposes it) lets the page wait as the service asked.
    const retryAfter = upstream.headers.get('Retry-After');
    reply({ type: 'error', reason: 'http', status: upstream.status, retryAfter });
    return noDownload();
  }
  const total = parseLength(upstream.headers.get('Content-Length')) ?? entry.size;
  const fast = isAttachmentNamed(upstream.headers.get('Content-Disposition'), entry.fileName);
  reply({ type: 'started', total, untouched: fast });
  // The answer itself, untouched: Chromium moves its bytes from the network to the file without
  // any JavaScript (measured at the speed of a native download). Only when it is certain to be
  // saved, never shown, under the page's safe name: its own Content-Disposition says so.
  if (fast) return upstream;
  // Otherwise its body under this worker's headers: always a download, under the safe name, but
  // Chromium then pumps every chunk through this worker (measured 1.5-2x slower).
  return new Response(upstream.body, {
    status: 200,
    headers: downloadHeaders(entry.fileName, total),
  });
}

/**
 * True when a Content-Disposition header (as far as CORS lets the worker see it) is `attachment`
 * with a file name exactly `fileName` (`filename*` when present, as browsers prefer it, else
 * `filename`). A header the service does not expose reads as null: not certain, so false.
 */
function isAttachmentNamed(header, fileName) {
  if (typeof header !== 'string') return false;
  const [type, ...params] = header.split(';');
  if (type.trim().toLowerCase() !== 'attachment') return false;
  let plain;
  let extended;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    const value = param.slice(eq + 1).trim();
    if (key === 'filename*') {
      const match = /^utf-8''(.*)$/i.exec(value);
      if (!match) return false;
      try {
        extended = decodeURIComponent(match[1]);
      } catch {
        return false;
      }
    } else if (key === 'filename') {
      plain = /^"(.*)"$/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    }
  }
  const name = extended !== undefined ? extended : plain;
  return name === fileName;
}

/**
 * One served stream job's end: reported to the page once, then the port closes. `error` errors
 * the download's stream so the browser marks the download failed (never a half file marked
 * complete).
 */
function startTransfer(port) {
  const transfer = {
    finished: false,
    controller: null,
    finish(message) {
      if (transfer.finished) return;
      transfer.finished = true;
      if (message) port.postMessage(message);
      port.close();
    },
    error(reason) {
      if (!transfer.controller) return;
      try {
        transfer.controller.error(new Error(reason));
      } catch {
        // Already closed or errored.
      }
    },
  };
  return transfer;
}

/** The stream the browser saves: `reader`'s bytes, with progress, the end and errors reported. */
function downloadBody(reader, total, port, transfer, onBrowserCancel) {
  let received = 0;
  let lastReport = 0;
  return new ReadableStream({
    start(controller) {
      transfer.controller = controller;
    },
    async pull(controller) {
      let result;
      try {
        result = await reader.read();
      } catch {
        if (transfer.finished) return;
        controller.error(new Error('The upstream transfer failed'));
        transfer.finish({ type: 'error', reason: 'network' });
        return;
      }
      if (transfer.finished) return;
      if (result.done) {
        if (total !== undefined && received < total) {
          controller.error(new Error('The upstream body ended early'));
          transfer.finish({ type: 'error', reason: 'incomplete' });
          return;
        }
        controller.close();
        transfer.finish({ type: 'done', received });
        return;
      }
      received += result.value.byteLength;
      controller.enqueue(result.value);
      const now = Date.now();
      if (now - lastReport >= PROGRESS_INTERVAL_MS) {
        lastReport = now;
        port.postMessage({ type: 'progress', received, total });
      }
    },
    cancel() {
      // The browser's download manager cancelled (the agent did, in the Downloads list).
      onBrowserCancel();
      transfer.finish({ type: 'cancelled' });
    },
  });
}

function downloadHeaders(fileName, total) {
  const headers = new Headers({
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': contentDisposition(fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
  if (total !== undefined) headers.set('Content-Length', String(total));
  return headers;
}

/** A page-produced stream (Download all's zip), handed to the download manager as it comes. */
function serveStream(entry) {
  const { port } = entry;
  const reader = entry.stream.getReader();
  entry.stream = null;
  const transfer = startTransfer(port);
  const stopSource = (reason) => reader.cancel(new Error(reason)).catch(() => {});
  const cancel = () => {
    stopSource('Download cancelled');
    transfer.error('Download cancelled');
    transfer.finish(null);
  };
  port.onmessage = (message) => {
    if (message.data && message.data.type === 'cancel') cancel();
  };
  const total = entry.size;
  port.postMessage({ type: 'started', total });
  const body = downloadBody(reader, total, port, transfer, () =>
    stopSource('Cancelled in the browser'),
  );
  return new Response(body, { status: 200, headers: downloadHeaders(entry.fileName, total) });
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name (RFC 8187 encoding). */
function contentDisposition(fileName) {
  let fallback = '';
  for (const char of fileName) {
    const code = char.charCodeAt(0);
    fallback += code < 0x20 || code > 0x7e || char === '"' || char === '\\' ? '_' : char;
  }
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
