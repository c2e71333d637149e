import { DownloadFailure, failureForStatus } from './download-failure';
import type { ProgressListener } from './download-progress';
import { DOWNLOAD_WORKER_PATH, WORKER_KEEPALIVE_MS } from './download-settings';
import { watchForStall } from './stall-watch';

/**
 * The page's side of a worker download. The worker (public/download-sw.js) receives the job over
 * postMessage with a MessageChannel port, keeps it under a random id, and streams the file to
 * the browser's download manager when a hidden iframe navigates to /__threadline/download/<id>.
 * Progress, the end and errors come back over the port; 'cancel' goes the other way.
 */
export interface WorkerJob {
  url: string;
  token: string;
  /** Already made safe by toSafeFileName. */
  fileName: string;
  size: number | undefined;
  /** The worker checks the url against it again. */
  serviceUrl: string;
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

/** Resolves with the number of bytes the browser received; rejects with a DownloadFailure. */
export function downloadThroughWorker(
  worker: ServiceWorker,
  job: WorkerJob,
  options: WorkerRunOptions,
): Promise<number> {
  return runWorkerJob(worker, { type: 'download', ...job }, [], job.size, options);
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

function runWorkerJob(
  worker: ServiceWorker,
  message: Record<string, unknown>,
  transfer: Transferable[],
  size: number | undefined,
  { signal, stallTimeoutMs, onProgress }: WorkerRunOptions,
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
      settled = true;
      stall.stop();
      clearInterval(keepAlive);
      signal.removeEventListener('abort', onAbort);
      port.close();
      reject(new DownloadFailure('browser', { detail: 'transfer' }));
    }
  });
}
