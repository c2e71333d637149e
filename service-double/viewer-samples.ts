import {
  BIG_LOG_BYTES,
  BIG_LOG_FIRST_LINE,
  HUGE_VIDEO_BYTES,
  LOCKED_PASSWORD,
  NOTES_MD,
  ORDERS_COLUMNS,
  ORDERS_ROWS,
  SCREENSHOT_SEED,
  SERVER_LOG_FIRST_LINE,
  serverLog,
  settingsJson,
  SVG_SIZE,
  WAV_SECONDS,
} from './sample-files.ts';
import { png } from './file-formats.ts';

/** How the attachment viewer is meant to treat a sample. */
export type ViewerSampleKind = 'pdf' | 'image' | 'audio' | 'video' | 'text' | 'csv' | 'download';

/** What a test can check once the sample is open (or refused). */
export type ViewerExpectation =
  /** Opens; `text` is a phrase on page 1. */
  | { pages: number; text: string }
  /** Opens like any PDF, but carries JavaScript that must never run. */
  | { problem: 'script'; pages: number; text: string }
  /** No reader can open it. */
  | { problem: 'damaged' }
  /** Encrypted: a reader must ask for the password (`password` unlocks it). */
  | { problem: 'password'; password: string }
  /** Intrinsic size in CSS pixels. */
  | { width: number; height: number }
  /** Browsers cannot decode it (HEIC). */
  | { undecodable: true }
  /** Approximate: within 0.1 s. Videos also give their frame size. */
  | { durationSeconds: number; width?: number; height?: number }
  /** `bytes` is the exact file size. */
  | { firstLine: string; bytes: number }
  /** `rows` counts records after the header row; fields may hold commas, quotes and newlines. */
  | { rows: number; columns: number }
  /** Declared size over the viewer's 50 MB limit: the viewer must refuse it without reading it. */
  | { tooLarge: true; bytes: number }
  /** HTML: never shown, only downloaded. */
  | { downloadOnly: true };

export interface ViewerSample {
  fileName: string;
  mimeType: string;
  kind: ViewerSampleKind;
  expect: ViewerExpectation;
  /** Index (0 = oldest) of the message carrying it in the viewerSamples conversation. */
  messageIndex: number;
}

/**
 * Messages in the viewerSamples conversation: more than one page of 50 (the app's page size),
 * fewer than the long thread's 96, which tests look for as the longest of the first rows.
 */
export const VIEWER_THREAD_LENGTH = 64;

const screenshot = png(SCREENSHOT_SEED);
const pngSize = {
  width: new DataView(screenshot.buffer).getUint32(16),
  height: new DataView(screenshot.buffer).getUint32(20),
};
const EMBEDDED_IMAGE = { width: 48, height: 32 };
const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Real files for the attachment viewer, in message order. Messages 1–14 are on the first messages
 * page; 55 and 61 are not (page sizes vary by one around the limit), so Previous/Next in the
 * viewer has to load a later page.
 */
export const VIEWER_SAMPLES: readonly ViewerSample[] = [
  {
    fileName: 'manual.pdf',
    mimeType: 'application/pdf',
    kind: 'pdf',
    expect: { pages: 3, text: 'Threadline sample manual' },
    messageIndex: 1,
  },
  {
    fileName: 'screenshot.png',
    mimeType: 'image/png',
    kind: 'image',
    expect: pngSize,
    messageIndex: 1,
  },
  {
    fileName: 'photo.jpg',
    mimeType: 'image/jpeg',
    kind: 'image',
    expect: EMBEDDED_IMAGE,
    messageIndex: 1,
  },
  {
    fileName: 'server.log',
    mimeType: 'text/plain',
    kind: 'text',
    expect: { firstLine: SERVER_LOG_FIRST_LINE, bytes: serverLog().length },
    messageIndex: 1,
  },
  {
    fileName: 'orders.csv',
    mimeType: 'text/csv',
    kind: 'csv',
    expect: { rows: ORDERS_ROWS, columns: ORDERS_COLUMNS.length },
    messageIndex: 1,
  },
  {
    fileName: 'voice-note.wav',
    mimeType: 'audio/wav',
    kind: 'audio',
    expect: { durationSeconds: WAV_SECONDS },
    messageIndex: 1,
  },
  {
    fileName: 'scripted.pdf',
    mimeType: 'application/pdf',
    kind: 'pdf',
    expect: { problem: 'script', pages: 1, text: 'This document carries JavaScript' },
    messageIndex: 3,
  },
  {
    fileName: 'damaged.pdf',
    mimeType: 'application/pdf',
    kind: 'pdf',
    expect: { problem: 'damaged' },
    messageIndex: 3,
  },
  {
    fileName: 'locked.pdf',
    mimeType: 'application/pdf',
    kind: 'pdf',
    expect: { problem: 'password', password: LOCKED_PASSWORD },
    messageIndex: 3,
  },
  {
    fileName: 'animation.gif',
    mimeType: 'image/gif',
    kind: 'image',
    expect: EMBEDDED_IMAGE,
    messageIndex: 6,
  },
  {
    fileName: 'product.webp',
    mimeType: 'image/webp',
    kind: 'image',
    expect: EMBEDDED_IMAGE,
    messageIndex: 6,
  },
  {
    fileName: 'diagram.svg',
    mimeType: 'image/svg+xml',
    kind: 'image',
    expect: { ...SVG_SIZE },
    messageIndex: 6,
  },
  {
    fileName: 'photo.heic',
    mimeType: 'image/heic',
    kind: 'image',
    expect: { undecodable: true },
    messageIndex: 6,
  },
  {
    fileName: 'voice-note.ogg',
    mimeType: 'audio/ogg',
    kind: 'audio',
    expect: { durationSeconds: 2 },
    messageIndex: 9,
  },
  {
    fileName: 'screen-recording.webm',
    mimeType: 'video/webm',
    kind: 'video',
    expect: { durationSeconds: 1.5, width: 160, height: 120 },
    messageIndex: 9,
  },
  {
    fileName: 'settings.json',
    mimeType: 'application/json',
    kind: 'text',
    expect: { firstLine: '{', bytes: utf8Length(settingsJson()) },
    messageIndex: 14,
  },
  {
    fileName: 'page.html',
    mimeType: 'text/html',
    kind: 'download',
    expect: { downloadOnly: true },
    messageIndex: 14,
  },
  {
    fileName: 'notes.md',
    mimeType: 'text/markdown',
    kind: 'text',
    expect: { firstLine: '# Release notes', bytes: utf8Length(NOTES_MD) },
    messageIndex: 55,
  },
  {
    fileName: 'big.log',
    mimeType: 'text/plain',
    kind: 'text',
    expect: { firstLine: BIG_LOG_FIRST_LINE, bytes: BIG_LOG_BYTES },
    messageIndex: 55,
  },
  {
    fileName: 'huge-video.webm',
    mimeType: 'video/webm',
    kind: 'video',
    expect: { tooLarge: true, bytes: HUGE_VIDEO_BYTES },
    messageIndex: 61,
  },
];
