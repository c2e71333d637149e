import { attachmentHttpError, attachmentNetworkError } from '../../../api/attachments';
import { DownloadFailure } from './download-failure';
import type { ProgressListener } from '../../../lib/download-progress';
import {
  DOWNLOAD_FRAME_LINGER_MS,
  DOWNLOAD_WORKER_PATH,
  WORKER_KEEPALIVE_MS,
} from './download-settings';
import { watchForStall } from '../../../lib/stall-watch';

/**
 * The page's side of a worker download. The worker (public/download-sw.js) receives the job over
 * postMessage with a MessageChannel port, keeps it under a random id, and answers a hidden
 * iframe's navigation to /__threadline/download/<id>, which the browser turns into a download.
 * Two kinds of job: a ticket (url + token: the worker requests a large attachment itself and
 * hands the response to the browser untouched) and a stream the page produces (Download all).
 */

/** A large attachment: the worker requests it itself, with the token, and returns it unread. */
export interface TicketJob {
  /** Already passed the origin guard (the service's origin and base path). */
  url: string;
  token: string;
  /** Already made safe by toSafeFileName. */
  fileName: string;
  /** From the page's probe's Content-Length (the worker prefers its own answer's). */
  size: number | undefined;
}

interface WorkerRunOptions {
  signal: AbortSignal;
  stallTimeoutMs: number;
  onProgress: ProgressListener;
}

type WorkerReply =
  | { type: 'ready'; id: string }
  | { type: 'started'; total?: number }
  | { type: 'progress'; received: number; total?: number }
  | { type: 'done'; received: number }
  | { type: 'cancelled' }
  | { type: 'error'; reason: string; status?: number; retryAfter?: string | null };

/**
 * The worker's own request failing is an ApiError, like the page's (api/attachments.ts), so the
 * engine retries it under the same policy; anything else is a DownloadFailure.
 */
function failureFromWorker(reply: Extract<WorkerReply, { type: 'error' }>): Error {
  switch (reply.reason) {
    case 'http':
      return attachmentHttpError(reply.status ?? 500, reply.retryAfter ?? null);
    case 'network':
      return attachmentNetworkError();
    case 'incomplete':
      return new DownloadFailure('incomplete');
    case 'refused':
      return new DownloadFailure('refused', { detail: 'rejected by the download worker' });
    default:
      return new DownloadFailure('browser');
  }
}

function triggerFrame(id: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'Download';
  frame.src = `${DOWNLOAD_WORKER_PATH}${encodeURIComponent(id)}`;
  document.body.append(frame);
  return frame;
}

/**
 * A frame whose download failed or was cancelled goes once the worker's empty answer has loaded in
 * it (or after the linger time): Firefox reports a frame removed while a worker answers it as an
 * error of the page.
 */
function removeOnceAnswered(frame: HTMLIFrameElement) {
  const timer = setTimeout(() => frame.remove(), DOWNLOAD_FRAME_LINGER_MS);
  frame.addEventListener(
    'load',
    () => {
      clearTimeout(timer);
      frame.remove();
    },
    { once: true },
  );
}

/**
 * Hands a large attachment to the browser's own download manager: the worker keeps the ticket
 * (url, token) in memory for a few seconds, the iframe's navigation makes it request the file
 * and return the response untouched, so no JavaScript touches the bytes. `onReady` runs once the
 * worker holds the ticket, before the iframe is made (the page drops its probe request there).
 * Resolves with the size once the browser's download has started (the answer was ok); rejects
 * with a DownloadFailure for an error status, a network failure, Cancel or a stall before that.
 * A rejection before `onReady` ran means the worker never took the ticket (e.g. it did not answer
 * within `readyTimeoutMs`): nothing was requested, the caller may fall back.
 */
export function fetchThroughWorker(
  worker: ServiceWorker,
  job: TicketJob,
  options: WorkerRunOptions & { readyTimeoutMs: number; onReady: () => void },
): Promise<number | undefined> {
  return runWorkerJob(
    worker,
    { type: 'fetch', url: job.url, token: job.token, fileName: job.fileName, size: job.size },
    [],
    job.size,
    options,
    {
      endOnStart: true,
      readyTimeoutMs: options.readyTimeoutMs,
      ready: options.onReady,
    },
  );
}

/** A stream the page produces (Download all's zip), handed to the worker to save. */
export interface StreamJob {
  stream: ReadableStream<Uint8Array>;
  /** Already safe. */
  fileName: string;
  /** The exact byte length when known (sent as Content-Length). */
  size: number | undefined;
}

/**
 * Transfers `job.stream` to the worker (the bytes are never copied or collected) and lets the
 * browser's download manager save it. Rejects with a 'browser' failure whose detail is 'transfer'
 * when this browser cannot transfer streams; the stream is then still the caller's.
 */
export function streamThroughWorker(
  worker: ServiceWorker,
  job: StreamJob,
  options: WorkerRunOptions,
): Promise<number> {
  return runWorkerJob(
    worker,
    { type: 'stream', stream: job.stream, fileName: job.fileName, size: job.size },
    [job.stream],
    job.size,
    options,
  ).then((received) => received ?? 0);
}

/** What a job adds to the common protocol. */
interface JobHooks {
  /** A ticket: the job is over (successfully) once the browser's download has started. */
  endOnStart?: boolean;
  /** Fails the job when the worker has not answered 'ready' within this many ms. */
  readyTimeoutMs?: number;
  /** The worker holds the job; runs before the iframe is made. */
  ready?: () => void;
}

function runWorkerJob(
  worker: ServiceWorker,
  message: Record<string, unknown>,
  transfer: Transferable[],
  size: number | undefined,
  { signal, stallTimeoutMs, onProgress }: WorkerRunOptions,
  hooks: JobHooks = {},
): Promise<number | undefined> {
  return new Promise<number | undefined>((resolve, reject) => {
    const channel = new MessageChannel();
    const port = channel.port1;
    let frame: HTMLIFrameElement | null = null;
    let settled = false;
    const stall = watchForStall(stallTimeoutMs, () =>
      finish(new DownloadFailure('stalled', { detail: stallTimeoutMs })),
    );
    const keepAlive = setInterval(
      () => worker.postMessage({ type: 'keepalive' }),
      WORKER_KEEPALIVE_MS,
    );
    const readyTimer =
      hooks.readyTimeoutMs === undefined
        ? undefined
        : setTimeout(
            () => finish(new DownloadFailure('browser', { detail: 'worker' })),
            hooks.readyTimeoutMs,
          );
    const onAbort = () => finish(new DownloadFailure('cancelled'));

    function stop() {
      settled = true;
      stall.stop();
      clearInterval(keepAlive);
      clearTimeout(readyTimer);
      signal.removeEventListener('abort', onAbort);
    }

    function finish(failure: Error | null, result?: number) {
      if (settled) return;
      stop();
      if (failure) {
        // Errors the worker's stream (the browser marks the download failed, not complete) or
        // drops a ticket. The worker closes the channel once it has acted; closing here could
        // drop the message.
        port.postMessage({ type: 'cancel' });
        if (frame) removeOnceAnswered(frame);
        reject(failure);
        return;
      }
      port.close();
      // The frame goes a while later, never at once: a started ticket's navigation is still
      // turning into a download, and when a streamed job's last bytes have left the worker Firefox
      // may still be writing them (removing the frame then lost the download's end in Firefox).
      const done = frame;
      setTimeout(() => done?.remove(), DOWNLOAD_FRAME_LINGER_MS);
      resolve(result);
    }

    port.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (settled) return;
      switch (reply.type) {
        case 'ready':
          clearTimeout(readyTimer);
          stall.touch();
          hooks.ready?.();
          frame = triggerFrame(reply.id);
          break;
        case 'started':
          stall.touch();
          onProgress({ received: 0, total: reply.total ?? size });
          if (hooks.endOnStart) finish(null, reply.total ?? size);
          break;
        case 'progress':
          stall.touch();
          onProgress({ received: reply.received, total: reply.total ?? size });
          break;
        case 'done':
          finish(null, reply.received);
          break;
        case 'cancelled':
          finish(new DownloadFailure('cancelled'));
          break;
        case 'error':
          finish(failureFromWorker(reply));
          break;
      }
    };

    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort);
    try {
      worker.postMessage(message, [channel.port2, ...transfer]);
    } catch {
      // DataCloneError: this browser cannot transfer the stream. Nothing was sent.
      stop();
      port.close();
      reject(new DownloadFailure('browser', { detail: 'transfer' }));
    }
  });
}
