/**
 * Threadline's download worker: streams large attachments to the browser's download manager
 * (the technique StreamSaver made known), so they are never held in the page's memory.
 *
 * It answers ONLY its own URLs, `/__threadline/download/<random id>` on this origin; every other
 * request falls through to the network untouched and nothing is cached.
 *
 * Protocol (page side: src/features/conversation-detail/worker-download.ts). The worker never
 * requests anything itself and never sees a url or the token: the page makes the one request to
 * the service and hands the bytes over.
 *  1. The page posts {type: 'feed', fileName, size} with a MessageChannel port. The job is kept
 *     under a random id for at most 60 s; the reply is {type: 'ready', id}.
 *  2. The page navigates a hidden iframe to /__threadline/download/<id>. The worker answers with
 *     a stream and `Content-Disposition: attachment`, which the browser saves to its Downloads,
 *     and tells the page {type: 'started', total}.
 *  3. The page then posts the body of its own open response as it reads it: {type: 'chunk',
 *     chunk} with the chunk's ArrayBuffer transferred (moved, not copied), and {type: 'end'} once
 *     the body is complete. After each chunk the download manager takes, the worker answers
 *     {type: 'progress', received, total}: that is both the progress bar and the page's credit
 *     (it keeps at most a few MB in flight, so memory never grows with the file).
 *  4. The end ({type: 'done', received}) and errors ({type: 'error', reason}) go back over the
 *     port. {type: 'cancel'} from the page (Cancel, a stall, a failed or short body) errors the
 *     stream, so the browser marks the download failed instead of saving half a file; a cancel
 *     in the browser's Downloads list reaches the page as {type: 'cancelled'}.
 *
 * A second kind of job streams a ReadableStream the page produces (Download all: the zip is
 * built in the page as it is fetched): {type: 'stream', stream, fileName, size} with the port,
 * the stream transferred with it. The worker hands it to the download manager exactly as above
 * (same id, iframe, headers, progress, done, cancel), so the zip never sits whole in anyone's
 * memory. An error in the page's stream errors the download (the browser marks it failed).
 */
'use strict';

const DOWNLOAD_PATH = '/__threadline/download/';
const ENTRY_TTL_MS = 60_000;
const PROGRESS_INTERVAL_MS = 100;

/** id -> {stream, fileName, size, port, timer, cancel, release} */
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
    case 'feed':
      acceptFeedJob(data, event.ports[0]);
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

/** Bytes the page feeds over the port (a large attachment); see the top of this file. */
function acceptFeedJob(data, port) {
  if (!port) return;
  if (typeof data.fileName !== 'string') {
    port.postMessage({ type: 'error', reason: 'invalid' });
    port.close();
    return;
  }
  const entry = { stream: null, fileName: data.fileName, size: data.size, port, timer: 0 };
  entry.release = () => {};
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
  const entry = { stream, fileName, size, port, timer: 0 };
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
  return entry.stream ? serveStream(entry) : serveFeed(entry);
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

/**
 * The page's bytes, as it posts them, handed to the download manager one chunk per pull: the
 * worker holds only what the page has sent ahead (its credit), never the file.
 */
function serveFeed(entry) {
  const { port } = entry;
  const total = entry.size;
  const transfer = startTransfer(port);
  const queue = [];
  let ended = false;
  let received = 0;
  /** The pull waiting for the page's next message, if any. */
  let waiting = null;
  const wake = () => {
    if (waiting) waiting();
    waiting = null;
  };
  entry.cancel = () => {
    queue.length = 0;
    transfer.error('Download cancelled');
    transfer.finish(null);
    wake();
  };
  port.onmessage = (message) => {
    const data = message.data;
    if (!data || transfer.finished) return;
    if (data.type === 'chunk' && data.chunk instanceof ArrayBuffer) {
      queue.push(new Uint8Array(data.chunk));
      wake();
    } else if (data.type === 'end') {
      ended = true;
      wake();
    } else if (data.type === 'cancel') {
      entry.cancel();
    }
  };
  const body = new ReadableStream({
    start(controller) {
      transfer.controller = controller;
    },
    async pull(controller) {
      while (queue.length === 0 && !ended && !transfer.finished) {
        await new Promise((resolve) => {
          waiting = resolve;
        });
      }
      if (transfer.finished) return;
      const chunk = queue.shift();
      if (chunk) {
        received += chunk.byteLength;
        controller.enqueue(chunk);
        // The page's credit and its progress bar (it throttles what it shows).
        port.postMessage({ type: 'progress', received, total });
        return;
      }
      if (total !== undefined && received !== total) {
        controller.error(new Error('The body did not match its length'));
        transfer.finish({ type: 'error', reason: 'incomplete' });
        return;
      }
      controller.close();
      transfer.finish({ type: 'done', received });
    },
    cancel() {
      // The browser's download manager cancelled (the agent did, in the Downloads list).
      queue.length = 0;
      transfer.finish({ type: 'cancelled' });
      wake();
    },
  });
  port.postMessage({ type: 'started', total });
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
