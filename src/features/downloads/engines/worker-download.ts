import { attachmentHttpError, attachmentNetworkError } from '../../../api/attachments';
import {
  DOWNLOAD_PATH,
  type PageMessage,
  type PagePortMessage,
  type StreamMessage,
  type TicketMessage,
  type WorkerErrorReason,
  type WorkerReply,
  type WorkerTexts,
} from '../../../download-worker/protocol';
import { t } from '../../../i18n/translate';
import { DownloadFailure } from './download-failure';
import type { ProgressListener } from '../../../lib/download-progress';
import { DOWNLOAD_FRAME_LINGER_MS, WORKER_KEEPALIVE_MS } from './download-settings';
import { watchForStall } from '../../../lib/stall-watch';

/**
 * The page's side of a worker download. The worker (src/download-worker/, its messages in
 * protocol.ts) receives the job over postMessage with a MessageChannel port, keeps it under a
 * random id, and answers a hidden iframe's navigation to DOWNLOAD_PATH + id, which the browser
 * turns into a download. Two kinds of job: a ticket (url + token: the worker requests a large
 * attachment itself and hands the response to the browser untouched) and a stream the page
 * produces (Download all).
 */

/** A large attachment: the worker requests it itself, with the token, and returns it unread. */
export type TicketJob = Omit<TicketMessage, 'type' | 'texts'>;

/** The worker's words for this job, in the agent's language (it loads no catalogs). */
const workerTexts = (): WorkerTexts => ({ unnamedFile: t('worker.unnamedFile') });

interface WorkerRunOptions {
  signal: AbortSignal;
  stallTimeoutMs: number;
  onProgress: ProgressListener;
}

type ErrorReply = Extract<WorkerReply, { type: 'error' }>;

/**
 * The worker's own request failing is an ApiError, like the page's (api/attachments.ts), so the
 * engine retries it under the same policy; the rest are DownloadFailures. A job the worker
 * refused or let expire tells the agent the browser could not start the download.
 */
export const failureFromWorker: { [Reason in WorkerErrorReason]: (reply: ErrorReply) => Error } = {
  http: (reply) => attachmentHttpError(reply.status ?? 500, reply.retryAfter ?? null),
  network: () => attachmentNetworkError(),
  incomplete: () => new DownloadFailure('incomplete'),
  invalid: () => new DownloadFailure('browser', { detail: 'invalid' }),
  expired: () => new DownloadFailure('browser', { detail: 'expired' }),
};

function triggerFrame(id: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = t('downloadsPanel.frameTitle');
  frame.src = `${DOWNLOAD_PATH}${encodeURIComponent(id)}`;
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
    {
      type: 'fetch',
      url: job.url,
      token: job.token,
      fileName: job.fileName,
      size: job.size,
      texts: workerTexts(),
    },
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
export type StreamJob = Omit<StreamMessage, 'type' | 'texts'>;

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
    {
      type: 'stream',
      stream: job.stream,
      fileName: job.fileName,
      size: job.size,
      texts: workerTexts(),
    },
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

/** What the page does with each reply of the worker on a job's port. */
type ReplyHandlers = {
  [Type in WorkerReply['type']]: (reply: Extract<WorkerReply, { type: Type }>) => void;
};

function runWorkerJob(
  worker: ServiceWorker,
  message: PageMessage,
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
      () => worker.postMessage({ type: 'keepalive' } satisfies PageMessage),
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
        port.postMessage({ type: 'cancel' } satisfies PagePortMessage);
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

    const handlers: ReplyHandlers = {
      ready: (reply) => {
        clearTimeout(readyTimer);
        stall.touch();
        hooks.ready?.();
        frame = triggerFrame(reply.id);
      },
      started: (reply) => {
        stall.touch();
        onProgress({ received: 0, total: reply.total ?? size });
        if (hooks.endOnStart) finish(null, reply.total ?? size);
      },
      progress: (reply) => {
        stall.touch();
        onProgress({ received: reply.received, total: reply.total ?? size });
      },
      done: (reply) => finish(null, reply.received),
      cancelled: () => finish(new DownloadFailure('cancelled')),
      error: (reply) => finish(failureFromWorker[reply.reason](reply)),
    };

    port.onmessage = (event: MessageEvent<WorkerReply>) => {
      if (settled) return;
      const reply = event.data;
      // Typed by the protocol, but a worker from another release may still be the active one.
      const handle = handlers[reply.type] as ((reply: WorkerReply) => void) | undefined;
      handle?.(reply);
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
