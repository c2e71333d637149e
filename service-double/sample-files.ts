import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCRIPT_MARKER } from './content.ts';
import { GIF_IMAGE, JPEG_IMAGE, WEBP_IMAGE } from './embedded-images.ts';
import type { ContentPart } from './file-formats.ts';
import { concat, png, utf8 } from './file-formats.ts';
import type { PdfObject } from './pdf-writer.ts';
import { pdfString, writePdf } from './pdf-writer.ts';
import { mulberry32, pick, randInt } from './prng.ts';
import { CSV_CITIES, FIRST_NAMES, LAST_NAMES } from './vocabulary.ts';

/**
 * The bytes of the attachment viewer's samples (viewer-samples.ts lists them with what a test can
 * expect). Most are generated here, deterministically; the formats that need a real encoder (HEIC,
 * Opus, VP8) were made once and committed under samples/ (see the README there).
 */

export const SCREENSHOT_SEED = 0x5c2ee4;
export const MANUAL_LINK = 'https://example.com/manual';
export const LOCKED_PASSWORD = 'threadline';
export const ORDERS_ROWS = 1500;
export const ORDERS_COLUMNS = ['order_id', 'date', 'customer', 'city', 'amount_eur', 'note'];
export const BIG_LOG_BYTES = 3 * 1024 * 1024;
export const HUGE_VIDEO_BYTES = 60 * 1024 * 1024;
export const WAV_SECONDS = 2;
export const SVG_SIZE = { width: 240, height: 160 } as const;

/** Paths under the double's base URL that only hostile content would request. */
export const HOSTILE_PATHS = {
  pdfScript: '/hostile/pdf-script-ran',
  svgScript: '/hostile/svg-script-ran',
  svgResource: '/hostile/svg-resource-loaded',
  htmlScript: '/hostile/html-script-ran',
} as const;

/**
 * A sample's content; `baseUrl` is the double's external base URL (origin + mount path), which
 * the hostile samples' scripts would call.
 */
export function sampleParts(fileName: string, baseUrl: string): ContentPart[] | undefined {
  switch (fileName) {
    case 'manual.pdf':
      return [once('manual.pdf', manualPdf)];
    case 'scripted.pdf':
      return [scriptedPdf(baseUrl)];
    case 'damaged.pdf':
      return [once('damaged.pdf', damagedPdf)];
    case 'locked.pdf':
      return [once('locked.pdf', lockedPdf)];
    case 'screenshot.png':
      return [once('screenshot.png', () => png(SCREENSHOT_SEED))];
    case 'photo.jpg':
      return [JPEG_IMAGE];
    case 'animation.gif':
      return [GIF_IMAGE];
    case 'product.webp':
      return [WEBP_IMAGE];
    case 'diagram.svg':
      return [utf8(diagramSvg(baseUrl))];
    case 'photo.heic':
    case 'voice-note.ogg':
    case 'screen-recording.webm':
      return [committed(fileName)];
    case 'voice-note.wav':
      return [once('voice-note.wav', voiceNoteWav)];
    case 'server.log':
      return [once('server.log', serverLog)];
    case 'settings.json':
      return [utf8(settingsJson())];
    case 'orders.csv':
      return [once('orders.csv', () => utf8(ordersCsv()))];
    case 'notes.md':
      return [utf8(NOTES_MD)];
    case 'big.log':
      return [once('big.log', bigLog)];
    case 'huge-video.webm': {
      // A real WebM header, then seeded random bytes streamed like the other large files.
      const head = committed('screen-recording.webm');
      return [head, { random: 0x71de0, length: HUGE_VIDEO_BYTES - head.length }];
    }
    case 'page.html':
      return [utf8(pageHtml(baseUrl))];
    default:
      return undefined;
  }
}

const cache = new Map<string, Uint8Array>();

/** Built on first use and kept: big.log alone is 3 MiB. */
function once(key: string, build: () => Uint8Array): Uint8Array {
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = build();
    cache.set(key, bytes);
  }
  return bytes;
}

function committed(fileName: string): Uint8Array {
  return once(`samples/${fileName}`, () => {
    // Not new URL(…, import.meta.url): under the component tests (happy-dom, MSW) that resolved
    // to file:///service-double/…, off the repository.
    const folder = join(dirname(fileURLToPath(import.meta.url)), 'samples');
    return new Uint8Array(readFileSync(join(folder, fileName)));
  });
}

const HELVETICA: PdfObject = { value: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' };

/** Page content: one line of text per entry, top down, the first one larger. */
function textLines(lines: readonly string[], size = 12): string {
  return lines
    .map((line, i) => {
      const fontSize = i === 0 ? size * 2 : size;
      return `BT /F1 ${fontSize} Tf 72 ${700 - i * 28} Td ${pdfString(line)} Tj ET`;
    })
    .join('\n');
}

function page(contents: number, extra = ''): string {
  return `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 3 0 R >> >>${extra} >>`;
}

function linkAnnotation(rect: string, uri: string): string {
  return `<< /Type /Annot /Subtype /Link /Rect [${rect}] /Border [0 0 0] /A << /S /URI /URI ${pdfString(uri)} >> >>`;
}

/** Three pages of selectable text; page 1 has a web link and a javascript: link. */
export function manualPdf(): Uint8Array {
  return writePdf(
    [
      { value: '<< /Type /Catalog /Pages 2 0 R >>' },
      { value: '<< /Type /Pages /Kids [4 0 R 6 0 R 8 0 R] /Count 3 >>' },
      HELVETICA,
      { value: page(5, ' /Annots [10 0 R 11 0 R]') },
      {
        value: '<< >>',
        stream: textLines([
          'Threadline sample manual',
          'This document has three pages of selectable text.',
          'Read the manual online (a link to example.com)',
          'A link that must never run (javascript:)',
        ]),
      },
      { value: page(7) },
      { value: '<< >>', stream: textLines(['Page two', 'Searching for a phrase finds it here.']) },
      { value: page(9) },
      { value: '<< >>', stream: textLines(['Page three', 'The end of the sample manual.']) },
      { value: linkAnnotation('70 640 400 660', MANUAL_LINK) },
      { value: linkAnnotation('70 612 400 632', 'javascript:alert(1)') },
    ],
    { root: 1 },
  );
}

/**
 * Opens fine, and carries JavaScript that would call the double and rename the page: as the
 * document's OpenAction, as a document-level script and as the page's open action.
 */
export function scriptedPdf(baseUrl: string): Uint8Array {
  const script = (via: string) => {
    const url = `${baseUrl}${HOSTILE_PATHS.pdfScript}?via=${via}`;
    return [
      `var u = '${url}';`,
      `try { app.launchURL(u, true); } catch (e) {}`,
      `try { this.getURL(u); } catch (e) {}`,
      `try { this.submitForm(u); } catch (e) {}`,
      `try { fetch(u); } catch (e) {}`,
      `try { var x = new XMLHttpRequest(); x.open('GET', u); x.send(); } catch (e) {}`,
      `try { document.title = 'pwned'; } catch (e) {}`,
      `try { window.top.document.title = 'pwned'; } catch (e) {}`,
    ].join('\n');
  };
  const action = (via: string): PdfObject => ({
    value: `<< /Type /Action /S /JavaScript /JS ${pdfString(script(via))} >>`,
  });
  return writePdf(
    [
      {
        value:
          '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /Names << /JavaScript << /Names [(init) 7 0 R] >> >> >>',
      },
      { value: '<< /Type /Pages /Kids [4 0 R] /Count 1 >>' },
      HELVETICA,
      { value: page(5, ' /AA << /O 8 0 R >>') },
      {
        value: '<< >>',
        stream: textLines([
          'This document carries JavaScript',
          'A safe viewer shows this page and never runs the script.',
        ]),
      },
      action('open-action'),
      action('document-script'),
      action('page-open'),
    ],
    { root: 1 },
  );
}

/**
 * The start of a PDF and then noise: no complete catalog, no cross-reference table, no trailer,
 * so a reader has nothing to rebuild the document from.
 */
export function damagedPdf(): Uint8Array {
  const rng = mulberry32(0xda3a9ed);
  const noise = new Uint8Array(1800);
  // Printable noise without the keywords a reader scans for (obj, trailer, startxref).
  for (let i = 0; i < noise.length; i++) noise[i] = 0x80 + randInt(rng, 0, 0x7f);
  return concat([
    utf8('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Cat'),
    noise,
    utf8('\n%%EO'),
  ]);
}

/** One page, encrypted (RC4, 128-bit) with a user password: a reader must ask for it. */
export function lockedPdf(): Uint8Array {
  return writePdf(
    [
      { value: '<< /Type /Catalog /Pages 2 0 R >>' },
      { value: '<< /Type /Pages /Kids [4 0 R] /Count 1 >>' },
      HELVETICA,
      { value: page(5) },
      {
        value: '<< >>',
        stream: textLines(['Locked sample', `The password is ${LOCKED_PASSWORD}.`]),
      },
    ],
    {
      root: 1,
      encrypt: { userPassword: LOCKED_PASSWORD, ownerPassword: 'threadline-owner' },
    },
  );
}

/** A "diagram" whose script and onload handler would flag and call the double. */
export function diagramSvg(baseUrl: string): string {
  const call = (via: string) =>
    `window.${SCRIPT_MARKER}=true;fetch('${baseUrl}${HOSTILE_PATHS.svgScript}?via=${via}')`;
  const { width, height } = SVG_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" onload="${call('onload')}">
<rect width="${width}" height="${height}" fill="#f4f6fb"/>
<rect x="12" y="56" width="60" height="40" rx="6" fill="#3b6fd8"/>
<rect x="90" y="56" width="60" height="40" rx="6" fill="#2f9e6b"/>
<rect x="168" y="56" width="60" height="40" rx="6" fill="#d8833b"/>
<path d="M72 76h18M150 76h18" stroke="#333" stroke-width="2"/>
<text x="42" y="80" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="middle">Inbox</text>
<text x="120" y="80" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="middle">Pane</text>
<text x="198" y="80" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="middle">Viewer</text>
<image href="${baseUrl}${HOSTILE_PATHS.svgResource}" width="1" height="1"/>
<script>${call('script')}</script>
</svg>
`;
}

/** 8 kHz, 16-bit mono PCM: a hum that rises and falls like syllables. */
export function voiceNoteWav(): Uint8Array {
  const rate = 8000;
  const samples = rate * WAV_SECONDS;
  const out = new Uint8Array(44 + samples * 2);
  const view = new DataView(out.buffer);
  out.set(utf8('RIFF'), 0);
  view.setUint32(4, 36 + samples * 2, true);
  out.set(utf8('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  out.set(utf8('data'), 36);
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const envelope = Math.max(0, Math.sin(Math.PI * 3 * t)) * Math.min(1, (WAV_SECONDS - t) * 8);
    const pitch = 160 + 30 * Math.sin(2 * Math.PI * 0.7 * t);
    const wave =
      Math.sin(2 * Math.PI * pitch * t) +
      0.5 * Math.sin(4 * Math.PI * pitch * t) +
      0.25 * Math.sin(6 * Math.PI * pitch * t);
    view.setInt16(44 + i * 2, Math.round(wave * envelope * 9000), true);
  }
  return out;
}

export const SERVER_LOG_FIRST_LINE =
  '2025-05-30T08:00:00.000Z INFO  api-1 Server started on port 8080';

/** A few KB of log with markup in one line and invalid UTF-8 in two others. */
export function serverLog(): Uint8Array {
  const rng = mulberry32(0x5e4e410);
  const start = Date.UTC(2025, 4, 30, 8, 0, 0);
  const parts: Uint8Array[] = [utf8(`${SERVER_LOG_FIRST_LINE}\n`)];
  for (let i = 1; i < 60; i++) {
    const time = new Date(start + i * 2750).toISOString();
    const level = pick(rng, ['INFO ', 'INFO ', 'WARN ', 'DEBUG', 'ERROR'] as const);
    if (i === 17) {
      parts.push(utf8(`${time} WARN  api-1 Rejected comment body: <script>alert(1)</script>\n`));
    } else if (i === 31 || i === 44) {
      // Bytes that are not UTF-8 (a lone continuation byte, a truncated sequence, 0xff).
      parts.push(
        utf8(`${time} ERROR api-2 Unreadable header value: `),
        new Uint8Array([0x80, 0xc3, 0x28, 0xff, 0xfe]),
        utf8(' (dropped)\n'),
      );
    } else {
      parts.push(
        utf8(
          `${time} ${level} api-${randInt(rng, 1, 3)} GET /v1/orders/${randInt(rng, 1000, 99999)} ${pick(rng, [200, 200, 200, 304, 404, 500] as const)} ${randInt(rng, 2, 900)} ms\n`,
        ),
      );
    }
  }
  return concat(parts);
}

export function settingsJson(): string {
  const settings = {
    version: 3,
    inbox: { name: 'Support – EU', timezone: 'Europe/Berlin', pageSize: 50 },
    notifications: { desktop: true, sound: false, quietHours: ['22:00', '07:00'] },
    attachments: { maxPreviewBytes: 52428800, allowed: ['pdf', 'png', 'jpg', 'csv'] },
    note: '<script>alert(1)</script> stays text',
  };
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/** ORDERS_ROWS records after the header; some notes hold commas, quotes and line breaks. */
export function ordersCsv(): string {
  const rng = mulberry32(0x0cd3e5);
  const quote = (field: string) => `"${field.replaceAll('"', '""')}"`;
  const notes = [
    '',
    'Leave at the door, please',
    'Customer said "urgent"',
    'Line one\nLine two',
    'Gift wrap',
    '',
    'Refund asked, then withdrawn ("changed my mind")',
  ];
  const lines = [ORDERS_COLUMNS.join(',')];
  for (let i = 1; i <= ORDERS_ROWS; i++) {
    lines.push(
      [
        String(100000 + i),
        new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString().slice(0, 10),
        quote(`${pick(rng, LAST_NAMES)}, ${pick(rng, FIRST_NAMES)}`),
        quote(pick(rng, CSV_CITIES)),
        (randInt(rng, 100, 99999) / 100).toFixed(2),
        quote(notes[i % notes.length] ?? ''),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const NOTES_MD = `# Release notes

Threadline now opens attachments in place.

- PDFs, images, audio, video and text files open in a viewer
- Everything else downloads as before

<img src=x onerror=alert(1)>

[link](javascript:alert(1)) and [the manual](https://example.com/manual)

<script>alert(1)</script>
`;

export const BIG_LOG_FIRST_LINE = '2025-05-30T00:00:00.000Z INFO  worker-1 Log rotation: big.log';

/** Exactly BIG_LOG_BYTES of ASCII log lines, the last cut short and ended with a newline. */
export function bigLog(): Uint8Array {
  const rng = mulberry32(0xb1610);
  const start = Date.UTC(2025, 4, 30, 0, 0, 0);
  const lines = [BIG_LOG_FIRST_LINE];
  let length = BIG_LOG_FIRST_LINE.length + 1;
  for (let i = 1; length < BIG_LOG_BYTES; i++) {
    const line = `${new Date(start + i * 250).toISOString()} ${pick(rng, ['INFO ', 'INFO ', 'WARN ', 'DEBUG'] as const)} worker-${randInt(rng, 1, 8)} processed job #${randInt(rng, 1000, 999999)} in ${randInt(rng, 2, 900)} ms`;
    lines.push(line);
    length += line.length + 1;
  }
  const text = `${lines.join('\n')}\n`;
  return utf8(`${text.slice(0, BIG_LOG_BYTES - 1)}\n`);
}

export function pageHtml(baseUrl: string): string {
  const marker = `window.${SCRIPT_MARKER}=true;fetch('${baseUrl}${HOSTILE_PATHS.htmlScript}')`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Saved page</title></head>
<body onload="${marker}">
<h1>A saved web page</h1>
<p>HTML attachments are only ever downloaded.</p>
<script>${marker}</script>
</body>
</html>
`;
}
