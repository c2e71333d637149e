import type { Rng } from './prng.ts';
import { logUniform, pick, randInt } from './prng.ts';

/** How the double renders an attachment's bytes; derived from the media type for injected ones. */
export type ContentKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'txt'
  | 'csv'
  | 'html'
  | 'svg'
  | 'zip'
  | 'docx'
  | 'mp4'
  | 'bin';

/** Internal description of an attachment; only fileName, mimeType and url go on the wire. */
export interface AttachmentSpec {
  docId: string;
  fileName: string;
  mimeType: string;
  kind: ContentKind;
  /** Target size in bytes; images, html, svg and docx have their natural encoded size instead. */
  size: number;
  /** Seeds the content so the same DOC_ID always yields the same bytes. */
  seed: number;
  /** Overrides the generated url (e.g. to point at another origin). */
  url?: string;
  /** Served from the attachment viewer's samples by file name (sample-files.ts), not by `kind`. */
  sample?: boolean;
}

export const MIME_TYPES: Readonly<Record<ContentKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp4: 'video/mp4',
  bin: 'application/octet-stream',
};

export function kindForMimeType(mimeType: string): ContentKind {
  const bare = mimeType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const entry = Object.entries(MIME_TYPES).find(([, type]) => type === bare);
  return entry ? (entry[0] as ContentKind) : 'bin';
}

const KB = 1024;
const MB = 1024 * KB;

const NAMES: Readonly<Record<ContentKind, readonly string[]>> = {
  pdf: ['invoice-#.pdf', 'report.pdf', 'contract signed.pdf', 'Quittung_März.pdf'],
  png: ['screenshot-#.png', 'error dialog.png', 'photo.png'],
  jpeg: ['IMG_#.jpg', 'receipt.jpeg'],
  gif: ['animation.gif', 'loading-#.gif'],
  webp: ['product-#.webp'],
  txt: ['logs-#.txt', 'notes.txt', 'console output.txt'],
  csv: ['export-#.csv', 'orders.csv'],
  html: ['page.html', 'email-#.html'],
  svg: ['logo.svg', 'diagram-#.svg'],
  zip: ['archive-#.zip', 'logs.zip'],
  docx: ['letter.docx', 'Complaint #.docx'],
  mp4: ['screen-recording-#.mp4', 'video.mp4'],
  bin: ['backup-#.bin', 'firmware-#.img'],
};

const SIZES: Readonly<Record<ContentKind, readonly [number, number]>> = {
  pdf: [20 * KB, 5 * MB],
  png: [0, 0],
  jpeg: [0, 0],
  gif: [0, 0],
  webp: [0, 0],
  txt: [1 * KB, 200 * KB],
  csv: [2 * KB, 1 * MB],
  html: [0, 0],
  svg: [0, 0],
  zip: [10 * KB, 4 * MB],
  docx: [4 * KB, 200 * KB],
  mp4: [500 * KB, 30 * MB],
  bin: [3 * KB, 2 * MB],
};

/** Weights of attachment kinds in ordinary messages. */
export const KIND_WEIGHTS: readonly (readonly [ContentKind, number])[] = [
  ['pdf', 18],
  ['png', 16],
  ['jpeg', 10],
  ['gif', 4],
  ['webp', 5],
  ['txt', 8],
  ['csv', 7],
  ['zip', 6],
  ['docx', 8],
  ['html', 3],
  ['svg', 4],
  ['mp4', 5],
  ['bin', 2],
];

export function randomAttachment(
  rng: Rng,
  kind: ContentKind,
): Omit<AttachmentSpec, 'docId' | 'seed'> {
  const [min, max] = SIZES[kind];
  return {
    fileName: pick(rng, NAMES[kind]).replace('#', String(randInt(rng, 1, 9999))),
    mimeType: MIME_TYPES[kind],
    kind,
    size: max > 0 ? logUniform(rng, min, max) : 0,
  };
}

export const LARGE_MIN = 50 * MB;
export const LARGE_MAX = 200 * MB;

export function largeAttachment(rng: Rng): Omit<AttachmentSpec, 'docId' | 'seed'> {
  const video = rng() < 0.4;
  return {
    fileName: video
      ? `full-meeting-recording-${randInt(rng, 1, 99)}.mp4`
      : `disk-image-${randInt(rng, 1, 99)}.iso`,
    mimeType: video ? MIME_TYPES.mp4 : MIME_TYPES.bin,
    kind: video ? 'mp4' : 'bin',
    size: randInt(rng, LARGE_MIN, LARGE_MAX),
  };
}

/** File names that break naive save/preview code; they all appear in one early conversation. */
export const HOSTILE_ATTACHMENTS: readonly (readonly Omit<AttachmentSpec, 'docId' | 'seed'>[])[] = [
  [
    { fileName: '../../etc/passwd', mimeType: MIME_TYPES.txt, kind: 'txt', size: 2 * KB },
    { fileName: 'CON.txt', mimeType: MIME_TYPES.txt, kind: 'txt', size: 1 * KB },
    { fileName: '..hidden', mimeType: MIME_TYPES.bin, kind: 'bin', size: 4 * KB },
    { fileName: 'report.pdf', mimeType: MIME_TYPES.pdf, kind: 'pdf', size: 40 * KB },
  ],
  [
    {
      fileName: 'line one\nline two\t\u0007\u001b[31mred.txt',
      mimeType: MIME_TYPES.txt,
      kind: 'txt',
      size: 1 * KB,
    },
    {
      fileName: 'very-long-file-name-'.repeat(15).slice(0, 296) + '.pdf',
      mimeType: MIME_TYPES.pdf,
      kind: 'pdf',
      size: 30 * KB,
    },
    { fileName: 'report.pdf', mimeType: MIME_TYPES.pdf, kind: 'pdf', size: 55 * KB },
    {
      fileName: '<img src=x onerror=alert(1)>.html',
      mimeType: MIME_TYPES.html,
      kind: 'html',
      size: 0,
    },
    { fileName: '', mimeType: MIME_TYPES.bin, kind: 'bin', size: 3 * KB },
    {
      fileName: 'Résumé – 履歴書 (final) v2.pdf',
      mimeType: MIME_TYPES.pdf,
      kind: 'pdf',
      size: 25 * KB,
    },
  ],
];

/** One of each previewable image kind, in one early conversation. */
export const GALLERY_ATTACHMENTS: readonly Omit<AttachmentSpec, 'docId' | 'seed'>[] = [
  { fileName: 'screenshot.png', mimeType: MIME_TYPES.png, kind: 'png', size: 0 },
  { fileName: 'photo.jpg', mimeType: MIME_TYPES.jpeg, kind: 'jpeg', size: 0 },
  { fileName: 'animation.gif', mimeType: MIME_TYPES.gif, kind: 'gif', size: 0 },
  { fileName: 'product.webp', mimeType: MIME_TYPES.webp, kind: 'webp', size: 0 },
  { fileName: 'logo.svg', mimeType: MIME_TYPES.svg, kind: 'svg', size: 0 },
];

/** The big downloads, in one early conversation; the benchmark uses the 200 MB one. */
export const LARGE_ATTACHMENTS: readonly Omit<AttachmentSpec, 'docId' | 'seed'>[] = [
  { fileName: 'disk-image.iso', mimeType: MIME_TYPES.bin, kind: 'bin', size: 50 * MB },
  { fileName: 'all-hands-recording.mp4', mimeType: MIME_TYPES.mp4, kind: 'mp4', size: 120 * MB },
  { fileName: 'database-backup.bin', mimeType: MIME_TYPES.bin, kind: 'bin', size: 200 * MB },
];
