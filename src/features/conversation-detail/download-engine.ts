import { collectBody } from './collect-body';
import { DownloadFailure, failureForStatus, isDownloadFailure } from './download-failure';
import { parseContentLength, type ProgressListener } from './download-progress';
import { SMALL_FILE_LIMIT_BYTES, type DownloadOptions } from './download-settings';
import { saveBlob } from './save-blob';
import { watchForStall, type StallWatch } from './stall-watch';
import { downloadThroughWorker } from './worker-download';
import { ensureDownloadWorker, workerDownloadsAvailable } from './worker-support';

export interface DownloadRequest {
  /** Already passed the origin guard. */
  url: string;
  token: string;
  serviceUrl: string;
  /** Already made safe by toSafeFileName. */
  fileName: string;
  signal: AbortSignal;
  onProgress: ProgressListener;
  options: DownloadOptions;
}

export interface DownloadResult {
  size: number;
  via: 'blob' | 'worker';
}

/** One request of the page to the attachment url, with its stall watch. */
interface OpenedAttachment {
  response: Response;
  total: number | undefined;
  stall: StallWatch;
  /** Aborts this request only (Cancel aborts it too). */
  abort: () => void;
  signal: AbortSignal;
  /** Turns whatever a read threw into the failure to show. */
  translate: (error: unknown) => DownloadFailure;
  close: () => void;
}

/**
 * GETs the attachment with the token and nothing else: no cookies, no cache, no redirects (a
 * redirect could carry the token to another origin), no referrer. An error status becomes a
 * DownloadFailure at once; the body is left unread.
 */
async function openAttachment({
  url,
  token,
  signal,
  options,
}: DownloadRequest): Promise<OpenedAttachment> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  let stalled = false;
  const stall = watchForStall(options.stallTimeoutMs, () => {
    stalled = true;
    controller.abort();
  });
  const close = () => {
    stall.stop();
    signal.removeEventListener('abort', abort);
  };
  const translate = (error: unknown): DownloadFailure => {
    if (signal.aborted) return new DownloadFailure('cancelled');
    if (stalled) return new DownloadFailure('stalled', { detail: options.stallTimeoutMs });
    if (isDownloadFailure(error)) return error;
    return new DownloadFailure('network');
  };

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
    });
  } catch (error) {
    close();
    throw translate(error);
  }
  stall.touch();
  if (!response.ok) {
    controller.abort();
    close();
    throw failureForStatus(response.status);
  }
  const total = parseContentLength(response.headers.get('Content-Length'));
  return { response, total, stall, abort, signal: controller.signal, translate, close };
}

/** Reads the body here, with progress, and saves it once complete. */
async function saveThroughBlob(
  opened: OpenedAttachment,
  { fileName, signal, onProgress, options }: DownloadRequest,
): Promise<DownloadResult> {
  try {
    const blob = await collectBody(opened.response.body, opened.total, {
      signal: opened.signal,
      stall: opened.stall,
      onProgress,
    }).catch((error: unknown) => {
      throw opened.translate(error);
    });
    if (signal.aborted) throw new DownloadFailure('cancelled');
    saveBlob(blob, fileName, options.revokeDelayMs);
    return { size: blob.size, via: 'blob' };
  } finally {
    opened.close();
  }
}

/**
 * Downloads one attachment into the browser's downloads.
 *
 * The page requests the file and looks at the answer: an error status is mapped at once; a file
 * of at most 50 MB (by Content-Length) is read here with progress and saved as a Blob. For a
 * larger file, or one of unknown size, the page drops its response unread and hands the job to
 * the download worker, which requests the file again and streams it to the browser's download
 * manager, so it is never held in the page's memory. Where service workers are unavailable (or
 * the worker cannot start) the Blob path takes every size.
 */
export async function runDownload(request: DownloadRequest): Promise<DownloadResult> {
  const { url, token, serviceUrl, fileName, signal, onProgress, options } = request;
  const opened = await openAttachment(request);
  onProgress({ received: 0, total: opened.total });
  const large = opened.total === undefined || opened.total > SMALL_FILE_LIMIT_BYTES;
  if (!large || !workerDownloadsAvailable()) return saveThroughBlob(opened, request);

  // Stop the page's copy now, so it neither buffers nor competes with the worker's.
  opened.abort();
  opened.close();
  const worker = await ensureDownloadWorker().catch(() => null);
  if (signal.aborted) throw new DownloadFailure('cancelled');
  if (!worker) return saveThroughBlob(await openAttachment(request), request);
  const size = await downloadThroughWorker(
    worker,
    { url, token, fileName, size: opened.total, serviceUrl },
    { signal, stallTimeoutMs: options.stallTimeoutMs, onProgress },
  );
  return { size, via: 'worker' };
}
