import { requestAttachment } from '../../../api/attachments';
import { createDeadline, type Deadline } from '../../../api/deadline';
import { toApiError } from '../../../api/errors';
import { readBody } from '../../../api/read-body';
import { withRetries } from '../../../api/retry';
import { DownloadFailure } from './download-failure';
import { parseContentLength, type ProgressListener } from '../../../lib/download-progress';
import {
  SMALL_FILE_LIMIT_BYTES,
  TICKET_READY_TIMEOUT_MS,
  type DownloadOptions,
} from './download-settings';
import { saveBlob } from '../../../lib/save-blob';
import { fetchThroughWorker } from './worker-download';
import { ensureDownloadWorker, workerDownloadsAvailable } from './worker-support';

export interface DownloadRequest {
  /** Already passed the origin guard. */
  url: string;
  token: string;
  /** Already made safe by toSafeFileName. */
  fileName: string;
  signal: AbortSignal;
  onProgress: ProgressListener;
  /** A file over 50 MB or of unknown size takes the Blob path (no download worker): held in the page. */
  onInMemory?: () => void;
  options: DownloadOptions;
}

/**
 * Saved by the page (`blob`; `worker` when the page streamed the bytes through the download
 * worker, as Download all does), or handed to the browser's own download manager (`browser`),
 * which shows its progress and Cancel from there.
 */
export type DownloadResult =
  { size: number; via: 'blob' | 'worker' } | { size: number | undefined; via: 'browser' };

/** One request of the page to the attachment url, under Cancel and its stall watch. */
interface OpenedAttachment {
  response: Response;
  total: number | undefined;
  /** Its `abort` drops this request only; `error` says why it ended. */
  deadline: Deadline;
}

/**
 * GETs the attachment (api/attachments.ts: the token and nothing else; transient failures retried
 * under the app's policy, a wait counting as a sign of life for the stall watch). A failure left
 * after that is thrown as an ApiError; the body is left unread.
 */
async function openAttachment({
  url,
  token,
  signal,
  options,
}: DownloadRequest): Promise<OpenedAttachment> {
  const deadline = createDeadline({ signal, stallMs: options.stallTimeoutMs });
  let response: Response;
  try {
    response = await requestAttachment(url, token, {
      signal: deadline.signal,
      retries: options.retries,
      onRetry: (delayMs) => deadline.touch(delayMs),
    });
  } catch (error) {
    const failure = deadline.error(error);
    deadline.abort();
    deadline.dispose();
    throw failure;
  }
  deadline.touch();
  const total = parseContentLength(response.headers.get('Content-Length'));
  return { response, total, deadline };
}

/** Drops the probe (its body is never read) and says why it ended. */
function drop({ deadline }: OpenedAttachment) {
  const failure = deadline.error(new DownloadFailure('cancelled'));
  deadline.abort();
  deadline.dispose();
  return failure;
}

const isLarge = (total: number | undefined) =>
  total === undefined || total > SMALL_FILE_LIMIT_BYTES;

/** Reads the body here, with progress, and saves it once complete. */
async function saveThroughBlob(
  { response, total, deadline }: OpenedAttachment,
  { fileName, signal, onProgress, onInMemory, options }: DownloadRequest,
): Promise<DownloadResult> {
  if (isLarge(total)) onInMemory?.();
  try {
    // Nothing is saved until every byte has arrived, so a failure leaves nothing half-saved.
    const { chunks, size } = await readBody(response.body, {
      deadline,
      onProgress: (received) => onProgress({ received, total }),
    }).catch((error: unknown) => {
      throw deadline.error(error);
    });
    // Chromium fails a short body itself; this also covers transports that do not.
    if (total !== undefined && size < total) throw new DownloadFailure('incomplete');
    if (signal.aborted) throw new DownloadFailure('cancelled');
    const blob = new Blob(chunks, { type: 'application/octet-stream' });
    saveBlob(blob, fileName, options.revokeDelayMs);
    return { size: blob.size, via: 'blob' };
  } finally {
    deadline.dispose();
  }
}

/**
 * Downloads one attachment into the browser's downloads.
 *
 * The page requests the file (its probe) and looks at the answer: an error status is mapped at
 * once; a file of at most 50 MB (by Content-Length) is read here with progress and saved as a
 * Blob — one request. A larger file, or one of unknown size, goes to the browser's own download
 * manager: the page hands the download worker a one-time ticket (url + token, kept only in the
 * worker's memory for a few seconds), drops its probe unread once the worker holds the ticket,
 * and the worker requests the file again and returns the response untouched, so the browser
 * saves it at its own speed, with its own progress and Cancel, whatever happens to the page.
 * That costs a second request: the size that picks the path is only known from the probe's
 * headers, and a Response cannot be handed to a worker. Where service workers are unavailable,
 * or the worker does not start or take the ticket, the probe takes the Blob path.
 */
export async function runDownload(request: DownloadRequest): Promise<DownloadResult> {
  const { url, token, fileName, signal, onProgress, options } = request;
  const opened = await openAttachment(request);
  onProgress({ received: 0, total: opened.total });
  const large = isLarge(opened.total);
  if (!large || !opened.response.body || !workerDownloadsAvailable()) {
    return saveThroughBlob(opened, request);
  }

  // The probe waits unread while the worker starts; its stall watch runs on. Backpressure reaches
  // the service in Chromium and Firefox; WebKit reads ahead regardless (up to the whole file, seen
  // in the WebKit smoke), which costs bytes on the wire but nothing in the result.
  const worker = await ensureDownloadWorker().catch(() => null);
  if (opened.deadline.signal.aborted) throw drop(opened);
  if (!worker) return saveThroughBlob(opened, request);

  let handedOver = false;
  try {
    // The worker's own request follows the same retry policy as every other (a new ticket each time).
    const size = await withRetries(
      () =>
        fetchThroughWorker(
          worker,
          { url, token, fileName, size: opened.total },
          {
            signal,
            stallTimeoutMs: options.stallTimeoutMs,
            onProgress,
            readyTimeoutMs: options.ticketReadyTimeoutMs ?? TICKET_READY_TIMEOUT_MS,
            onReady: () => {
              if (handedOver) return;
              // The worker holds the ticket: the probe has done its job, its body is never read.
              handedOver = true;
              drop(opened);
            },
          },
        ),
      { signal, retries: options.retries },
    );
    return { size, via: 'browser' };
  } catch (error) {
    if (!handedOver && !opened.deadline.signal.aborted) {
      // The worker never took the ticket (an older worker, or none answering): the probe is
      // still open and unread, so it takes the Blob path.
      return saveThroughBlob(opened, request);
    }
    drop(opened);
    throw signal.aborted ? new DownloadFailure('cancelled') : toApiError(error);
  }
}
