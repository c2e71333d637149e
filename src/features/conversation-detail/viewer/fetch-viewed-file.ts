import { requestAttachment } from '../../../api/attachments';
import { createDeadline } from '../../../api/deadline';
import { ApiError } from '../../../api/errors';
import { readBody } from '../../../api/read-body';
import { t } from '../../../i18n/translate';
import { parseContentLength } from '../../../lib/download-progress';
import { VIEW_MAX_BYTES, VIEW_STALL_MS } from './viewer-limits';

export type ViewedFile =
  /** The whole file, untyped: each kind types it for what it hands the browser. */
  | { kind: 'file'; blob: Blob }
  /** Over 50 MB by Content-Length (`size` known) or by the body: not read into the page. */
  | { kind: 'too-large'; size: number | undefined };

/**
 * Reads an attachment for the viewer through the one request path (api/attachments.ts: the token
 * only to the service, no cookies, no redirects). The caller has checked the url with the origin
 * guard. A declared Content-Length over 50 MB aborts at once; a body growing past 50 MB is
 * cancelled there. `signal` (the query's) aborts it when the viewer moves on or closes.
 */
export async function fetchViewedFile(
  url: string,
  token: string,
  signal: AbortSignal,
  onProgress?: (received: number, total: number | undefined) => void,
): Promise<ViewedFile> {
  const deadline = createDeadline({ signal, stallMs: VIEW_STALL_MS });
  try {
    // React Query retries a transient failure under the app's one policy (viewer-query.ts).
    const response = await deadline.race(
      requestAttachment(url, token, { signal: deadline.signal, retries: 0 }),
    );
    deadline.touch();
    const length = parseContentLength(response.headers.get('Content-Length'));
    if (length !== undefined && length > VIEW_MAX_BYTES) {
      deadline.abort();
      return { kind: 'too-large', size: length };
    }
    const { chunks, size, tooLarge } = await readBody(response.body, {
      deadline,
      limit: VIEW_MAX_BYTES,
      onProgress: onProgress && ((received) => onProgress(received, length)),
    });
    if (tooLarge) {
      deadline.abort();
      return { kind: 'too-large', size: length };
    }
    if (length !== undefined && size < length) {
      throw new ApiError({
        kind: 'incomplete',
        type: 'incomplete',
        message: t('viewer.incomplete'),
      });
    }
    return { kind: 'file', blob: new Blob(chunks) };
  } finally {
    deadline.dispose();
  }
}
