import type { Attachment } from '../../../api/schemas';
import { isServiceUrl } from '../../../lib/origin-guard';
import { previewTypeOf } from './preview-settings';

/**
 * An attachment gets a thumbnail only when it declares one of the four raster types AND its url
 * passes the origin guard: a foreign url is never requested, with or without the token.
 */
export function isPreviewable(attachment: Attachment, serviceUrl: string): boolean {
  return previewTypeOf(attachment.mimeType) !== null && isServiceUrl(attachment.url, serviceUrl);
}
