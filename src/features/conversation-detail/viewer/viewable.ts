import type { Attachment } from '../../../api/schemas';
import type { MessagePage } from '../../../api/messages';
import { isServiceUrl } from '../../../lib/origin-guard';

/** How the viewer shows a file; anything else is only downloaded. */
export type ViewKind = 'pdf' | 'image' | 'audio' | 'video' | 'text' | 'csv';

/**
 * Declared media types the viewer opens. HTML (it could run as a page), XML-based documents other
 * than SVG, archives, office files and anything unknown are never opened: they only download.
 * SVG is an image here because it is only ever drawn by an `<img>` from a Blob, where its scripts
 * never run. HEIC and TIFF open the viewer, which says when the browser cannot decode them.
 */
const BY_TYPE: Readonly<Record<string, ViewKind>> = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'image/avif': 'image',
  'image/bmp': 'image',
  'image/svg+xml': 'image',
  'image/heic': 'image',
  'image/heif': 'image',
  'image/tiff': 'image',
  'text/plain': 'text',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'text/x-log': 'text',
  'application/json': 'text',
  'application/x-ndjson': 'text',
  'text/csv': 'csv',
  'application/csv': 'csv',
};

/** For files declared with no useful type (empty, application/octet-stream): the extension. */
const BY_EXTENSION: Readonly<Record<string, ViewKind>> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  bmp: 'image',
  svg: 'image',
  heic: 'image',
  heif: 'image',
  tif: 'image',
  tiff: 'image',
  mp3: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  wav: 'audio',
  flac: 'audio',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  mov: 'video',
  ogv: 'video',
  txt: 'text',
  log: 'text',
  md: 'text',
  markdown: 'text',
  json: 'text',
  ndjson: 'text',
  csv: 'csv',
};

/** Types that say nothing about the content: the extension decides. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The media type without parameters, lower case: `Text/CSV; charset=utf-8` → `text/csv`. */
export function bareType(mimeType: string): string {
  return (mimeType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(fileName.trim());
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * How an attachment is viewed, from its declared type (parameters and case ignored), or from its
 * file name's extension when the type is generic; null: download only. A declared type always
 * wins over the extension, so `page.html` declared `text/html` or `x.pdf` declared `text/html` is
 * never viewed.
 */
export function viewKindOf(attachment: Pick<Attachment, 'mimeType' | 'fileName'>): ViewKind | null {
  const type = bareType(attachment.mimeType);
  if (GENERIC_TYPES.has(type)) return BY_EXTENSION[extensionOf(attachment.fileName)] ?? null;
  const known = BY_TYPE[type];
  if (known) return known;
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  // Any other text/* except the ones a browser would run or lay out as a document.
  if (type.startsWith('text/') && !/^text\/(html|xml|xsl|javascript|ecmascript)/.test(type)) {
    return 'text';
  }
  return null;
}

/** Viewable: a kind the viewer shows AND a url the origin guard lets the token go to. */
export function isViewable(attachment: Attachment, serviceUrl: string): boolean {
  return viewKindOf(attachment) !== null && isServiceUrl(attachment.url, serviceUrl);
}

/** The conversation's viewable attachments in message order: what Previous/Next step through. */
export function viewableAttachments(
  pages: readonly MessagePage[],
  serviceUrl: string,
): Attachment[] {
  return pages.flatMap((page) =>
    page.messages.flatMap((message) =>
      message.attachments.filter((attachment) => isViewable(attachment, serviceUrl)),
    ),
  );
}
