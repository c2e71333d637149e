/**
 * Threadline's download worker: streams large attachments to the browser's download manager
 * (the technique StreamSaver made known), so they are never held in the page's memory.
 *
 * It answers ONLY its own URLs, `/__threadline/download/<random id>` on this origin; every other
 * request falls through to the network untouched and nothing is cached.
 *
 * Protocol (page side: src/features/conversation-detail/worker-download.ts):
 *  1. The page posts {type: 'download', url, token, fileName, size, serviceUrl} with a
 *     MessageChannel port. The url is checked against serviceUrl again here (same origin, under
 *     its base path); the job is kept under a random id for at most 60 s; the reply is
 *     {type: 'ready', id}.
 *  2. The page navigates a hidden iframe to /__threadline/download/<id>. The worker fetches the
 *     url with `Authorization: Bearer <token>` and answers with the body as a stream and
 *     `Content-Disposition: attachment`, which the browser saves to its Downloads.
 *  3. Progress ({type: 'progress', received, total}), the end ({type: 'done'}) and errors
 *     ({type: 'error', reason, status?}) go back over the port. {type: 'cancel'} from the page
 *     aborts the upstream request and errors the stream, so the browser marks the download
 *     failed instead of saving half a file. An upstream error status answers the iframe with
 *     204 No Content: no download at all.
 *
 * The token lives only in the job entry until the upstream request is made (or the entry
 * expires) and is never logged.
 *
 * A second kind of job streams bytes the page produces (Download all: the zip is built in the
 * page as it is fetched): {type: 'stream', stream, fileName, size} with the port, the
 * ReadableStream transferred (not copied) with it. No url and no token reach the worker for
 * these; it only hands the stream to the download manager exactly as above (same id, iframe,
 * headers, progress, done, cancel), so the zip never sits whole in anyone's memory. An error in
 * the page's stream errors the download (the browser marks it failed).
 */
'use strict';

const DOWNLOAD_PATH = '/__threadline/download/';
const ENTRY_TTL_MS = 60_000;
const PROGRESS_INTERVAL_MS = 100;

/** id -> {url, token, stream, fileName, size, port, timer, cancel, release} */
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
    case 'download':
      acceptJob(data, event.ports[0]);
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

function acceptJob(data, port) {
  if (!port) return;
  const { url, token, fileName, size, serviceUrl } = data;
  if (
    typeof url !== 'string' ||
    typeof token !== 'string' ||
    typeof fileName !== 'string' ||
    typeof serviceUrl !== 'string'
  ) {
    port.postMessage({ type: 'error', reason: 'invalid' });
    port.close();
    return;
  }
  if (!isServiceUrl(url, serviceUrl)) {
    port.postMessage({ type: 'error', reason: 'refused' });
    port.close();
    return;
  }
  const entry = { url, token, stream: null, fileName, size, port, timer: 0 };
  entry.release = () => {
    entry.token = null;
  };
  registerJob(entry);
}

/** A stream the page produces (transferred with the message); see the top of this file. */
function acceptStreamJob(data, port) {
  if (!port) return;
  const { stream, fileName, size } = data;
  if (!(stream instanceof ReadableStream) || typeof fileName !== 'string') {
    if (stream instanceof ReadableStream) stream.cancel().catch(() => {});
    port.postMessage({ type: 'error', reason: 'invalid' });
    port.close();
    return;
  }
  const entry = { url: null, token: null, stream, fileName, size, port, timer: 0 };
  entry.release = () => {
    if (entry.stream) entry.stream.cancel(new Error('Download cancelled')).catch(() => {});
    entry.stream = null;
  };
  registerJob(entry);
}

/** Keeps a job under a random id for at most ENTRY_TTL_MS and tells the page the id. */
function registerJob(entry) {
  const { port } = entry;
  const id = randomId();
  entry.fileName = entry.fileName || 'attachment';
  entry.size = Number.isSafeInteger(entry.size) && entry.size >= 0 ? entry.size : undefined;
  entry.cancel = () => {
    entries.delete(id);
    clearTimeout(entry.timer);
    entry.release();
    port.close();
  };
  entry.timer = setTimeout(() => {
    if (entries.get(id) !== entry) return;
    port.postMessage({ type: 'error', reason: 'expired' });
    entry.cancel();
  }, ENTRY_TTL_MS);
  port.onmessage = (message) => {
    if (message.data && message.data.type === 'cancel') entry.cancel();
  };
  entries.set(id, entry);
  port.postMessage({ type: 'ready', id });
}

function noDownload() {
  // 204 to a navigation: the iframe stays blank and the browser starts no download.
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

async function serveDownload(request, rawId) {
  const entry = entries.get(rawId);
  if (request.method !== 'GET' || !entry) return noDownload();
  // One use only.
  entries.delete(rawId);
  clearTimeout(entry.timer);
  return entry.stream ? serveStream(entry) : serveFetched(entry);
}

/**
 * One served job's end: reported to the page once, then the port closes. `error` errors the
 * download's stream so the browser marks the download failed (never a half file marked complete).
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

async function serveFetched(entry) {
  // The token leaves the entry now and lives on only in this request.
  const token = entry.token;
  entry.token = null;
  const { port } = entry;
  const upstream = new AbortController();
  const transfer = startTransfer(port);
  // From now on 'cancel' aborts the transfer and errors the stream.
  entry.cancel = () => {
    upstream.abort();
    transfer.error('Download cancelled');
    transfer.finish(null);
  };

  let response;
  try {
    response = await fetch(entry.url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
      signal: upstream.signal,
    });
  } catch {
    transfer.finish(upstream.signal.aborted ? null : { type: 'error', reason: 'network' });
    return noDownload();
  }
  if (!response.ok || !response.body) {
    if (response.body) response.body.cancel().catch(() => {});
    transfer.finish({ type: 'error', reason: 'http', status: response.status });
    return noDownload();
  }

  const total = parseLength(response.headers.get('Content-Length')) ?? entry.size;
  port.postMessage({ type: 'started', total });
  const body = downloadBody(response.body.getReader(), total, port, transfer, () =>
    upstream.abort(),
  );
  return new Response(body, { status: 200, headers: downloadHeaders(entry.fileName, total) });
}

/** A page-produced stream (Download all's zip), handed to the download manager as it comes. */
function serveStream(entry) {
  const { port } = entry;
  const reader = entry.stream.getReader();
  entry.stream = null;
  const transfer = startTransfer(port);
  const stopSource = (reason) => reader.cancel(new Error(reason)).catch(() => {});
  entry.cancel = () => {
    stopSource('Download cancelled');
    transfer.error('Download cancelled');
    transfer.finish(null);
  };
  const total = entry.size;
  port.postMessage({ type: 'started', total });
  const body = downloadBody(reader, total, port, transfer, () =>
    stopSource('Cancelled in the browser'),
  );
  return new Response(body, { status: 200, headers: downloadHeaders(entry.fileName, total) });
}

function parseLength(header) {
  if (header === null || !/^\d{1,16}$/.test(header.trim())) return undefined;
  const length = Number(header.trim());
  return Number.isSafeInteger(length) ? length : undefined;
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

/*
 * The origin guard, again (the page checks first; this is defence in depth). Same rules as
 * src/lib/origin-guard.ts: an absolute http(s) URL in plain canonical form on exactly the
 * service's origin, under its base path, with no credentials and no encoded traversal.
 */
const ABSOLUTE_HTTP = /^https?:\/\/[^/]/i;
const FORBIDDEN_RAW = /[\s\\]/;
const MAX_DECODE_ROUNDS = 4;

function hasControlCharacter(text) {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function parseService(serviceUrl) {
  let url;
  try {
    url = new URL(serviceUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return { url, basePath: url.pathname.replace(/\/+$/, '') };
}

function rawAuthority(url) {
  const afterScheme = url.slice(url.indexOf('//') + 2);
  const end = afterScheme.search(/[/?#]/);
  return end === -1 ? afterScheme : afterScheme.slice(0, end);
}

function rawHostname(authority) {
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    return close === -1 ? authority : authority.slice(0, close + 1);
  }
  const colon = authority.lastIndexOf(':');
  return colon === -1 ? authority : authority.slice(0, colon);
}

function hasSmuggledSegment(pathname) {
  for (const segment of pathname.split('/')) {
    let current = segment;
    let settled = false;
    for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
      let decoded;
      try {
        decoded = decodeURIComponent(current);
      } catch {
        return true;
      }
      if (decoded === current) {
        settled = true;
        break;
      }
      if (
        hasControlCharacter(decoded) ||
        decoded === '.' ||
        decoded === '..' ||
        decoded.includes('/') ||
        decoded.includes('\\')
      ) {
        return true;
      }
      current = decoded;
    }
    if (!settled) return true;
  }
  return false;
}

function isServiceUrl(url, serviceUrl) {
  if (typeof url !== 'string' || typeof serviceUrl !== 'string') return false;
  const service = parseService(serviceUrl);
  if (service === null) return false;
  if (!ABSOLUTE_HTTP.test(url) || FORBIDDEN_RAW.test(url) || hasControlCharacter(url)) return false;
  const authority = rawAuthority(url);
  if (authority.includes('@') || /[^\x21-\x7e]|%/.test(authority)) return false;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== service.url.protocol) return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.host !== service.url.host) return false;
  if (rawHostname(authority).toLowerCase() !== parsed.hostname) return false;
  if (hasSmuggledSegment(parsed.pathname)) return false;
  if (service.basePath === '') return true;
  return parsed.pathname === service.basePath || parsed.pathname.startsWith(`${service.basePath}/`);
}
