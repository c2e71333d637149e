import { requestAttachment } from '../../../api/attachments';
import { createDeadline } from '../../../api/deadline';
import { ApiError } from '../../../api/errors';
import { readBody } from '../../../api/read-body';
import { t } from '../../../i18n/translate';
import { parseContentLength } from '../../../lib/download-progress';
import { detectRasterType } from './image-signature';
import { PREVIEW_MAX_BYTES, PREVIEW_STALL_MS } from './preview-settings';

export type PreviewResult =
  /** A Blob typed with one of the four allow-listed raster types, never anything else. */
  | { kind: 'image'; blob: Blob }
  /** Over 10 MB, by Content-Length or by the body: no preview, just the attachment row. */
  | { kind: 'too-large' }
  /** The bytes are not a PNG, JPEG, GIF or WebP image. */
  | { kind: 'unreadable' };

const SIGNATURE_BYTES = 12;

/** The first bytes of the body, where an image's signature is. */
function headOf(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const head = new Uint8Array(Math.min(size, SIGNATURE_BYTES));
  let at = 0;
  for (const chunk of chunks) {
    if (at === head.length) break;
    const part = chunk.subarray(0, head.length - at);
    head.set(part, at);
    at += part.length;
  }
  return head;
}

/** The preview arrived without all its bytes: no preview is shown. */
function incomplete(message: string): ApiError {
  return new ApiError({ kind: 'incomplete', type: 'incomplete', message });
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
  const deadline = createDeadline({ signal, stallMs: PREVIEW_STALL_MS });
  try {
    // React Query retries a transient failure under the app's policy (preview-query.ts).
    const response = await deadline.race(
      requestAttachment(url, token, { signal: deadline.signal, retries: 0 }),
    );
    deadline.touch();
    if (!response.body) {
      deadline.abort();
      throw incomplete(t('previews.noBody'));
    }
    const length = parseContentLength(response.headers.get('Content-Length'));
    if (length !== undefined && length > PREVIEW_MAX_BYTES) {
      deadline.abort();
      return { kind: 'too-large' };
    }
    const { chunks, size, tooLarge } = await readBody(response.body, {
      deadline,
      limit: PREVIEW_MAX_BYTES,
    });
    if (tooLarge) {
      deadline.abort();
      return { kind: 'too-large' };
    }
    if (length !== undefined && size < length) {
      throw incomplete(t('previews.incomplete'));
    }
    const type = detectRasterType(headOf(chunks, size));
    if (type === null) return { kind: 'unreadable' };
    return { kind: 'image', blob: new Blob(chunks, { type }) };
  } finally {
    deadline.dispose();
  }
}
