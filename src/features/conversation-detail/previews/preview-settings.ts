/**
 * Which attachments get a thumbnail, and how big they may be. Only these four raster formats are
 * ever previewed; HTML, SVG (which can carry script), PDF and everything else never are.
 */
export const PREVIEW_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];

/** Larger images get no preview: the request is aborted once Content-Length or the body says so. */
export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;

/** A preview request that receives nothing for this long is given up (no preview, no error). */
export const PREVIEW_STALL_MS = 30_000;

/** The allow-listed type for an attachment's declared media type, or null: no preview. */
export function previewTypeOf(mimeType: string): PreviewType | null {
  const bare = (mimeType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return PREVIEW_TYPES.find((type) => type === bare) ?? null;
}
