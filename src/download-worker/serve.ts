import { downloadHeaders, isAttachmentNamed, noDownload, parseLength } from './download-headers';
import { takeJob, type StreamJob, type TicketJob } from './jobs';
import { onPortMessage, reply } from './port';
import { PROGRESS_INTERVAL_MS, type WorkerReply } from './protocol';

/** The hidden iframe's request for DOWNLOAD_PATH + `id`: the job's download, or an empty page. */
export async function serveDownload(request: Request, id: string): Promise<Response> {
  const job = request.method === 'GET' ? takeJob(id) : undefined;
  if (!job) return noDownload();
  return job.kind === 'ticket' ? serveTicket(job) : serveStream(job);
}

/**
 * Requests the file with the ticket's token and hands the answer's body, unread, to the browser's
 * download manager. Handing over the fetch's own body (not a stream of ours) is what lets
 * Chromium move the bytes from the network to the file without running any JavaScript per chunk.
 */
async function serveTicket(job: TicketJob): Promise<Response> {
  const { port, url, token } = job;
  // The token leaves the worker's memory with this request.
  job.token = '';
  const controller = new AbortController();
  let settled = false;
  const end = (message: WorkerReply) => {
    if (settled) return;
    settled = true;
    reply(port, message);
    port.close();
  };
  onPortMessage(port, {
    cancel: () => {
      settled = true;
      controller.abort();
      port.close();
    },
  });
  let upstream: Response;
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
    end({ type: 'error', reason: 'network' });
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
    end({ type: 'error', reason: 'http', status: upstream.status, retryAfter });
    return noDownload();
  }
  const total = parseLength(upstream.headers.get('Content-Length')) ?? job.size;
  end({ type: 'started', total });
  // The answer itself, untouched: Chromium moves its bytes from the network to the file without
  // any JavaScript (measured at the speed of a native download). Only when it is certain to be
  // saved, never shown, under the page's safe name: its own Content-Disposition says so.
  if (isAttachmentNamed(upstream.headers.get('Content-Disposition'), job.fileName)) return upstream;
  // Otherwise its body under this worker's headers: always a download, under the safe name, but
  // Chromium then pumps every chunk through this worker (measured 1.5-2x slower).
  return new Response(upstream.body, {
    status: 200,
    headers: downloadHeaders(job.fileName, total),
  });
}

/**
 * A page-produced stream (Download all's zip), handed to the download manager as it comes, with
 * progress, its end and its errors reported on the job's port. Cancel from the page errors the
 * download, so the browser marks it failed instead of saving half a file.
 */
function serveStream(job: StreamJob): Response {
  const { port, size: total } = job;
  const reader = job.stream.getReader();
  let finished = false;
  let download: ReadableStreamDefaultController<Uint8Array> | null = null;
  /** Reported to the page once, then the port closes. */
  const finish = (message: WorkerReply | null) => {
    if (finished) return;
    finished = true;
    if (message) reply(port, message);
    port.close();
  };
  const stopSource = (reason: string) => reader.cancel(new Error(reason)).catch(() => undefined);
  onPortMessage(port, {
    cancel: () => {
      void stopSource('Download cancelled');
      try {
        download?.error(new Error('Download cancelled'));
      } catch {
        // Already closed or errored.
      }
      finish(null);
    },
  });
  reply(port, { type: 'started', total });

  let received = 0;
  let lastReport = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      download = controller;
    },
    async pull(controller) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch {
        if (finished) return;
        controller.error(new Error('The upstream transfer failed'));
        finish({ type: 'error', reason: 'network' });
        return;
      }
      if (finished) return;
      if (result.done) {
        if (total !== undefined && received < total) {
          controller.error(new Error('The upstream body ended early'));
          finish({ type: 'error', reason: 'incomplete' });
          return;
        }
        controller.close();
        finish({ type: 'done', received });
        return;
      }
      received += result.value.byteLength;
      controller.enqueue(result.value);
      const now = Date.now();
      if (now - lastReport >= PROGRESS_INTERVAL_MS) {
        lastReport = now;
        reply(port, { type: 'progress', received, total });
      }
    },
    cancel() {
      // The browser's download manager cancelled (the agent did, in the Downloads list).
      void stopSource('Cancelled in the browser');
      finish({ type: 'cancelled' });
    },
  });
  return new Response(body, { status: 200, headers: downloadHeaders(job.fileName, total) });
}
