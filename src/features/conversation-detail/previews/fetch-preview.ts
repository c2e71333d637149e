import { requestAttachment } from '../../../api/attachments';
import { parseContentLength } from '../../../lib/download-progress';
import { detectRasterType } from './image-signature';
import { PREVIEW_MAX_BYTES, PREVIEW_STALL_MS } from './preview-settings';
import { watchForStall, type StallWatch } from '../../../lib/stall-watch';

export type PreviewResult =
  /** A Blob typed with one of the four allow-listed raster types, never anything else. */
  | { kind: 'image'; blob: Blob }
  /** Over 10 MB, by Content-Length or by the body: no preview, just the attachment row. */
  | { kind: 'too-large' }
  /** The bytes are not a PNG, JPEG, GIF or WebP image. */
  | { kind: 'unreadable' };

/** The preview request failed (status, connection, short body): no preview is shown. */
export class PreviewFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewFetchError';
  }
}

const SIGNATURE_BYTES = 12;

interface Collected {
  chunks: Uint8Array<ArrayBuffer>[];
  head: Uint8Array;
  size: number;
}

/** Reads the body, or stops (and returns null) as soon as it grows past `limit` bytes. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  limit: number,
  stall: StallWatch,
): Promise<Collected | null> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const head = new Uint8Array(SIGNATURE_BYTES);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    stall.touch();
    if (size < SIGNATURE_BYTES) head.set(value.subarray(0, SIGNATURE_BYTES - size), size);
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: some transports settle a cancel only once the request is aborted too.
      void reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  return { chunks, head: head.subarray(0, Math.min(size, SIGNATURE_BYTES)), size };
}

/**
 * Fetches an image attachment for its thumbnail, with the token and the same request rules as a
 * download (api/attachments.ts). The caller has already checked the url against the service
 * (origin guard) and the declared type against the allow-list.
 *
 * An error status is an ApiError: a 401 the query cache turns into "session ended", a transient
 * one React Query retries under the app's policy.
 */
export async function fetchPreview(
  url: string,
  token: string,
  signal: AbortSignal,
): Promise<PreviewResult> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort);
  const stall = watchForStall(PREVIEW_STALL_MS, abort);
  try {
    // React Query retries a transient failure under the app's policy (preview-query.ts).
    const response = await requestAttachment(url, token, {
      signal: controller.signal,
      retries: 0,
    }).catch((error: unknown) => {
      abort();
      throw error;
    });
    stall.touch();
    if (!response.body) {
      abort();
      throw new PreviewFetchError('The preview arrived without a body.');
    }
    const length = parseContentLength(response.headers.get('Content-Length'));
    if (length !== undefined && length > PREVIEW_MAX_BYTES) {
      abort();
      return { kind: 'too-large' };
    }
    const collected = await readAtMost(response.body, PREVIEW_MAX_BYTES, stall);
    if (collected === null) {
      abort();
      return { kind: 'too-large' };
    }
    if (length !== undefined && collected.size < length) {
      throw new PreviewFetchError('The preview arrived incomplete.');
    }
    const type = detectRasterType(collected.head);
    if (type === null) return { kind: 'unreadable' };
    return { kind: 'image', blob: new Blob(collected.chunks, { type }) };
  } finally {
    stall.stop();
    signal.removeEventListener('abort', abort);
  }
}
