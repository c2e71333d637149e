import { DownloadFailure, failureForStatus } from './download-failure';
import type { ProgressListener } from '../../../lib/download-progress';
import { DOWNLOAD_WORKER_PATH, WORKER_KEEPALIVE_MS } from './download-settings';
import { watchForStall } from '../../../lib/stall-watch';

/**
 * The page's side of a worker download. The worker (public/download-sw.js) receives the job over
 * postMessage with a MessageChannel port, keeps it under a random id, and streams the file to
 * the browser's download manager when a hidden iframe navigates to /__threadline/download/<id>.
 * Progress, the end and errors come back over the port; bytes and 'cancel' go the other way.
 */

/**
 * Bytes the page may have sent to the worker that the download manager has not taken yet. The
 * page reads its response no faster than this allows (backpressure reaches the service), so
 * neither side's memory grows with the file; a few MB keep the transfer from waiting on acks.
 */
export const FEED_CREDIT_BYTES = 4 * 1024 * 1024;

/** A large attachment: the body of the page's own open response, fed to the worker. */
export interface FeedJob {
  body: ReadableStream<Uint8Array>;
  /** Already made safe by toSafeFileName. */
  fileName: string;
  /** From Content-Length (sent as the download's Content-Length when known). */
  size: number | undefined;
  /** What a failed read means (cancelled, stalled, connection lost…). */
  translate: (error: unknown) => DownloadFailure;
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
  | { type: 'error'; reason: string; status?: number };

function failureFromWorker(reply: Extract<WorkerReply, { type: 'error' }>): DownloadFailure {
  switch (reply.reason) {
    case 'http':
      return failureForStatus(reply.status ?? 500);
    case 'network':
      return new DownloadFailure('network');
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

/** A chunk's bytes as an ArrayBuffer of their own, to be transferred (moved, never copied). */
function ownBuffer(chunk: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = chunk;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) {
    return buffer;
  }
  return chunk.slice().buffer;
}

/**
 * Streams the body of the page's open response through the worker into the browser's downloads:
 * the one request to the service is the page's own. Once the worker has answered the iframe,
 * each chunk read here is posted with its ArrayBuffer transferred, so the page keeps nothing;
 * the worker's per-chunk acks are the progress and the credit (FEED_CREDIT_BYTES in flight at
 * most). Resolves with the number of bytes the browser received; rejects with a DownloadFailure,
 * after which the body is cancelled and the download errored (nothing half-saved).
 */
export function feedThroughWorker(
  worker: ServiceWorker,
  job: FeedJob,
  options: WorkerRunOptions,
): Promise<number> {
  const reader = job.body.getReader();
  let sent = 0;
  let acked = 0;
  let stopped = false;
  let wake: (() => void) | null = null;
  const resume = () => {
    wake?.();
    wake = null;
  };

  async function pump(port: MessagePort) {
    for (;;) {
      while (!stopped && sent - acked >= FEED_CREDIT_BYTES) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      if (stopped) return;
      const { done, value } = await reader.read();
      if (stopped) return;
      if (done) {
        port.postMessage({ type: 'end' });
        return;
      }
      if (value.byteLength === 0) continue;
      sent += value.byteLength;
      const chunk = ownBuffer(value);
      port.postMessage({ type: 'chunk', chunk }, [chunk]);
    }
  }

  return runWorkerJob(
    worker,
    { type: 'feed', fileName: job.fileName, size: job.size },
    [],
    job.size,
    options,
    {
      started(port, fail) {
        pump(port).catch((error: unknown) => fail(job.translate(error)));
      },
      progress(received) {
        acked = received;
        resume();
      },
      ended() {
        stopped = true;
        resume();
        reader.cancel().catch(() => undefined);
      },
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
  );
}

/** What a feed job adds to the common protocol. */
interface JobHooks {
  /** The worker answered the iframe: bytes may flow. `fail` ends the job with a failure. */
  started?: (port: MessagePort, fail: (failure: DownloadFailure) => void) => void;
  /** The download manager has taken this many bytes. */
  progress?: (received: number) => void;
  /** The job ended, however it ended. */
  ended?: () => void;
}

function runWorkerJob(
  worker: ServiceWorker,
  message: Record<string, unknown>,
  transfer: Transferable[],
  size: number | undefined,
  { signal, stallTimeoutMs, onProgress }: WorkerRunOptions,
  hooks: JobHooks = {},
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
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
    const onAbort = () => finish(new DownloadFailure('cancelled'));

    function finish(failure: DownloadFailure | null, received = 0) {
      if (settled) return;
      settled = true;
      stall.stop();
      clearInterval(keepAlive);
      signal.removeEventListener('abort', onAbort);
      // Errors the worker's stream, so the browser marks the download failed, not complete. The
      // worker closes the channel once it has acted; closing here could drop the message.
      if (failure) port.postMessage({ type: 'cancel' });
      else port.close();
      frame?.remove();
      hooks.ended?.();
      if (failure) reject(failure);
      else resolve(received);
    }

    port.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      switch (reply.type) {
        case 'ready':
          stall.touch();
          frame = triggerFrame(reply.id);
          break;
        case 'started':
          stall.touch();
          onProgress({ received: 0, total: reply.total ?? size });
          hooks.started?.(port, finish);
          break;
        case 'progress':
          stall.touch();
          hooks.progress?.(reply.received);
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
      settled = true;
      stall.stop();
      clearInterval(keepAlive);
      signal.removeEventListener('abort', onAbort);
      port.close();
      hooks.ended?.();
      reject(new DownloadFailure('browser', { detail: 'transfer' }));
    }
  });
}
