import type { AttachmentSpec } from './attachment-kinds.ts';
import { GIF_IMAGE, JPEG_IMAGE, WEBP_IMAGE } from './embedded-images.ts';
import type { ContentPart } from './file-formats.ts';
import { concat, docx, escapeXml, mp4, pdf, png, utf8, zip } from './file-formats.ts';
import { hash32, mulberry32, pick, randInt } from './prng.ts';
import { randomBytes, randomChunks } from './random-bytes.ts';
import { AGENT_LINES, CONTACT_LINES, CSV_CITIES, FIRST_NAMES } from './vocabulary.ts';

export interface RenderedContent {
  length: number;
  /** A single buffer for small content; a lazy chunk stream when random stretches are involved. */
  body: Uint8Array | AsyncIterable<Uint8Array>;
}

/** Set by attachments that execute script; a browser test can check it stayed undefined. */
export const SCRIPT_MARKER = '__threadlineAttachmentScriptRan';

// Zip content is built in memory to compute its checksum, so keep it modest.
const MAX_ZIP_PAYLOAD = 4 * 1024 * 1024;

export function renderContent(
  spec: Pick<AttachmentSpec, 'kind' | 'size' | 'seed' | 'fileName'>,
): RenderedContent {
  return renderParts(contentParts(spec));
}

export function renderParts(parts: readonly ContentPart[]): RenderedContent {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  if (parts.every((part): part is Uint8Array => part instanceof Uint8Array)) {
    return { length, body: parts.length === 1 && parts[0] ? parts[0] : concat(parts) };
  }
  return { length, body: streamParts(parts) };
}

function contentParts({
  kind,
  size,
  seed,
  fileName,
}: Pick<AttachmentSpec, 'kind' | 'size' | 'seed' | 'fileName'>): ContentPart[] {
  switch (kind) {
    case 'png':
      return [png(seed)];
    case 'jpeg':
      return [JPEG_IMAGE];
    case 'gif':
      return [GIF_IMAGE];
    case 'webp':
      return [WEBP_IMAGE];
    case 'pdf':
      return pdf(seed, size, `Threadline demo document ${seed}`);
    case 'mp4':
      return mp4(seed, size);
    case 'txt':
      return [utf8(textLog(seed, size))];
    case 'csv':
      return [utf8(csv(seed, size))];
    case 'html':
      return [utf8(html(seed, fileName))];
    case 'svg':
      return [utf8(svg(seed))];
    case 'docx':
      return [docx(size, (i) => paragraph(seed, i))];
    case 'zip': {
      const payload = Math.max(0, Math.min(size - 200, MAX_ZIP_PAYLOAD));
      return [
        zip([
          { name: 'README.txt', data: utf8(textLog(seed, 600)) },
          { name: 'data/payload.bin', data: randomBytes(seed, payload) },
        ]),
      ];
    }
    case 'bin':
      return [{ random: seed, length: size }];
  }
}

async function* streamParts(parts: readonly ContentPart[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if (part instanceof Uint8Array) {
      if (part.length > 0) yield part;
    } else {
      yield* randomChunks(part.random, part.length);
    }
  }
}

function lines(seed: number, size: number, line: (i: number, rng: () => number) => string): string {
  const rng = mulberry32(seed);
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < size || i === 0; i++) {
    const text = `${line(i, rng)}\n`;
    out.push(text);
    length += text.length;
  }
  return out.join('');
}

function textLog(seed: number, size: number): string {
  const levels = ['INFO', 'INFO', 'INFO', 'WARN', 'DEBUG', 'ERROR'] as const;
  const start = Date.UTC(2025, 4, 30, 8, 0, 0);
  return lines(seed, size, (i, rng) => {
    const time = new Date(start + i * 1375).toISOString();
    return `${time} ${pick(rng, levels)} worker-${randInt(rng, 1, 8)} processed job #${randInt(rng, 1000, 99999)} in ${randInt(rng, 2, 900)} ms`;
  });
}

function csv(seed: number, size: number): string {
  return lines(seed, size, (i, rng) =>
    i === 0
      ? 'order_id,date,customer,city,amount_eur,status'
      : [
          100000 + i,
          new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString().slice(0, 10),
          `"${pick(rng, FIRST_NAMES)}"`,
          `"${pick(rng, CSV_CITIES)}"`,
          (randInt(rng, 100, 99999) / 100).toFixed(2),
          pick(rng, ['paid', 'refunded', 'pending'] as const),
        ].join(','),
  );
}

function paragraph(seed: number, index: number): string {
  const rng = mulberry32(hash32(seed, index));
  return `${pick(rng, CONTACT_LINES)} ${pick(rng, AGENT_LINES)}`;
}

/** Carries live script on purpose: an app that renders attachments inline would run it. */
function html(seed: number, fileName: string): string {
  const marker = `window.${SCRIPT_MARKER}=true`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(fileName)}</title></head>
<body>
<h1>Order confirmation #${seed % 100000}</h1>
<p>Thank you for your order. This page was attached to a support conversation.</p>
<script>${marker}</script>
<img src="x" onerror="${marker}" alt="">
</body>
</html>
`;
}

function svg(seed: number): string {
  const rng = mulberry32(seed);
  const color = () => `hsl(${randInt(rng, 0, 359)}, 70%, 50%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">
<rect width="120" height="80" fill="${color()}"/>
<circle cx="${randInt(rng, 20, 100)}" cy="40" r="${randInt(rng, 10, 30)}" fill="${color()}"/>
<text x="8" y="72" font-family="sans-serif" font-size="12" fill="#fff">Threadline</text>
<script>window.${SCRIPT_MARKER}=true</script>
</svg>
`;
}
