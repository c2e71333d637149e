import { makeZip, predictLength } from 'client-zip';
import { createDeadline } from '../../../api/deadline';
import { ApiError, isApiError, toApiError } from '../../../api/errors';
import { readBody } from '../../../api/read-body';
import { DownloadFailure } from './download-failure';
import { SMALL_FILE_LIMIT_BYTES, ZIP_LOOKAHEAD, type DownloadOptions } from './download-settings';
import { saveBlob } from '../../../lib/save-blob';
import { streamThroughWorker } from './worker-download';
import { ensureDownloadWorker, workerDownloadsAvailable } from './worker-support';
import type { ZipEntryPlan } from './zip-plan';
import { ZipSources, type OpenAttachment, type ZipProgress } from './zip-sources';

/**
 * "Download all": every attachment in one zip, written as it is fetched. Loaded on demand (it
 * carries the zip writer), so neither the first render nor the pane pays for it.
 */

export interface DownloadAllRequest {
  /** From planZip: origin-guarded urls, unique safe names. */
  entries: ZipEntryPlan[];
  /** Opens one file with the token and the retry policy (see zip-sources.ts). */
  open: OpenAttachment;
  /** The zip's (safe) name. */
  fileName: string;
  signal: AbortSignal;
  onProgress: (progress: ZipProgress) => void;
  onSkip: (entry: ZipEntryPlan) => void;
  /** A zip over 50 MB takes the Blob path (no worker, or no transferable streams). */
  onInMemory?: () => void;
  options: DownloadOptions;
  lookahead?: number;
}

export interface DownloadAllResult {
  /** Bytes of the zip. */
  size: number;
  /** Files in it. */
  files: number;
  via: 'blob' | 'worker';
}

/** The zip writer's input: one entry per available file, each fetched when the writer gets to it. */
async function* zipInputs(sources: ZipSources) {
  try {
    for (let index = 0; index < sources.count; index += 1) {
      const opened = await sources.take(index);
      if (!opened) continue;
      const input = sources.body(opened);
      const { name, lastModified } = opened.entry;
      yield opened.size === undefined
        ? { name, input, lastModified }
        : { name, input, lastModified, size: opened.size };
    }
    if (sources.added === 0) throw sources.fail(noneAvailable());
  } catch (error) {
    // Our own failures are ApiErrors; anything else is the reader giving up (the browser's
    // Downloads list cancelled the zip).
    throw sources.fail(isApiError(error) ? error : new DownloadFailure('cancelled'));
  }
}

/** Every file was gone (404/410): said of the whole set, not of a file. */
function noneAvailable(): ApiError {
  return new ApiError({
    kind: 'service',
    type: 'not_found',
  });
}

const ignore = () => undefined;

/** Small zips (all sizes known, ≤ 50 MB) and browsers without the worker: one Blob, saved at the end. */
async function saveZipAsBlob(
  stream: ReadableStream<Uint8Array>,
  sources: ZipSources,
  { fileName, signal, options }: DownloadAllRequest,
): Promise<DownloadAllResult> {
  // The zip's own progress is the files' (ZipSources); only Cancel ends this read early.
  const deadline = createDeadline({ signal });
  const { chunks } = await readBody(stream, { deadline })
    .catch((error: unknown) => {
      throw sources.failure ?? sources.fail(error);
    })
    .finally(() => deadline.dispose());
  if (signal.aborted) throw new DownloadFailure('cancelled');
  const blob = new Blob(chunks, { type: 'application/octet-stream' });
  saveBlob(blob, fileName, options.revokeDelayMs);
  return { size: blob.size, files: sources.added, via: 'blob' };
}

function transferUnsupported(error: unknown, stream: ReadableStream): boolean {
  return (
    isApiError(error) && error.kind === 'browser' && error.detail === 'transfer' && !stream.locked
  );
}

/**
 * Fetches every entry with the token and writes the zip as the bytes arrive (client-zip stores
 * entries uncompressed, so the zip is a stream of the files with small headers between them).
 *
 * The first few requests are opened before anything is saved, so a 401, a refusal or a dead
 * service fails at once, with nothing saved. Then: when every size is known and the zip is at
 * most 50 MB, it is collected into a Blob and saved at the end; otherwise the zip stream is
 * transferred to the download worker, which hands it to the browser's download manager as it is
 * built, so it never sits in the page's memory (and the page keeps only the chunk in flight).
 * Where service workers or transferable streams are unavailable, the Blob path takes any size.
 *
 * Cancel aborts every request and errors the stream: the browser marks the download failed and
 * nothing half-written is kept.
 */
export async function runDownloadAll(request: DownloadAllRequest): Promise<DownloadAllResult> {
  const { entries, open, fileName, signal, onProgress, onSkip, options } = request;
  const sources = new ZipSources(entries, {
    open,
    signal,
    lookahead: request.lookahead ?? ZIP_LOOKAHEAD,
    stallTimeoutMs: options.stallTimeoutMs,
    onProgress,
    onSkip,
  });
  try {
    await sources.prime().catch((error: unknown) => {
      throw sources.fail(error);
    });
    const files = sources.knownFiles();
    const zipLength = files ? Number(predictLength(files)) : undefined;
    const stream = makeZip(zipInputs(sources));
    const small = zipLength !== undefined && zipLength <= SMALL_FILE_LIMIT_BYTES;
    if (small) return await saveZipAsBlob(stream, sources, request);
    const inMemory = () => {
      request.onInMemory?.();
      return saveZipAsBlob(stream, sources, request);
    };
    if (!workerDownloadsAvailable()) return await inMemory();

    const worker = await ensureDownloadWorker().catch(() => null);
    if (signal.aborted) throw sources.fail(new DownloadFailure('cancelled'));
    if (!worker) return await inMemory();
    try {
      const size = await streamThroughWorker(
        worker,
        { stream, fileName, size: zipLength },
        // The job ends with the run: Cancel, a stall or any file's failure errors the download.
        { signal: sources.signal, stallTimeoutMs: options.stallTimeoutMs, onProgress: ignore },
      );
      return { size, files: sources.added, via: 'worker' };
    } catch (error) {
      if (transferUnsupported(error, stream)) return await inMemory();
      // The page knows why better than the worker does (which file, which status).
      throw sources.failure ?? sources.fail(error);
    }
  } catch (error) {
    throw sources.failure ?? toApiError(error);
  } finally {
    sources.close();
  }
}
