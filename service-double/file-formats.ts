import { crc32, deflateSync } from 'node:zlib';
import { mulberry32, randInt } from './prng.ts';

/** Content as a list of literal bytes and stretches of seeded random bytes (streamed, never built). */
export type ContentPart = Uint8Array | { random: number; length: number };

const ascii = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

/** A real gradient PNG with a little noise, so its size is a few KB like a small screenshot. */
export function png(seed: number): Uint8Array {
  const rng = mulberry32(seed);
  const width = 48 + (seed % 5) * 28;
  const height = 36 + ((seed >>> 3) % 4) * 20;
  const from = [randInt(rng, 0, 255), randInt(rng, 0, 255), randInt(rng, 0, 255)];
  const to = [randInt(rng, 0, 255), randInt(rng, 0, 255), randInt(rng, 0, 255)];
  const stride = 1 + width * 3;
  const raw = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) {
        const value = (from[c] ?? 0) + ((to[c] ?? 0) - (from[c] ?? 0)) * t + randInt(rng, -3, 3);
        raw[y * stride + 1 + x * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', new Uint8Array(deflateSync(raw, { level: 9 }))),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeBytes = ascii(type);
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(typeBytes, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(data, crc32(typeBytes)));
  return out;
}

/** A one-page PDF that opens in viewers; an unreferenced stream object of random bytes pads it to size. */
export function pdf(seed: number, size: number, title: string): ContentPart[] {
  const text = title.replace(/[^ -~]/g, '?').replace(/[()\\]/g, '\\$&');
  const page = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${page.length} >>\nstream\n${page}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let head = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(head.length);
    head += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const padding = Math.max(0, size - head.length - 400);
  offsets.push(head.length);
  head += `6 0 obj\n<< /Length ${padding} >>\nstream\n`;
  const paddingEnd = head.length + padding;
  let tail = '\nendstream\nendobj\n';
  const xref = paddingEnd + tail.length;
  tail += `xref\n0 7\n0000000000 65535 f \n`;
  tail += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  tail += `trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return [ascii(head), { random: seed, length: padding }, ascii(tail)];
}

/** An ISO base media file: an ftyp box, then an mdat box of random bytes. Sniffs as MP4. */
export function mp4(seed: number, size: number): ContentPart[] {
  if (size < 32) return [{ random: seed, length: size }];
  const header = new Uint8Array(32);
  const view = new DataView(header.buffer);
  view.setUint32(0, 24);
  header.set(ascii('ftypisom'), 4);
  view.setUint32(12, 0x200);
  header.set(ascii('isommp41'), 16);
  view.setUint32(24, size - 24);
  header.set(ascii('mdat'), 28);
  return [header, { random: seed, length: size - 32 }];
}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** A valid zip of stored (uncompressed) entries. */
export function zip(entries: readonly ZipEntry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = utf8(entry.name);
    const crc = crc32(entry.data);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true); // names are UTF-8
    lv.setUint16(12, 0x21, true); // 1980-01-01: a fixed date keeps the bytes deterministic
    lv.setUint32(14, crc, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, entry.data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(14, 0x21, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, entry.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.data);
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const directory = concat(centrals);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directory.length, true);
  ev.setUint32(16, offset, true);
  return concat([...locals, directory, end]);
}

/** A minimal Word document that opens; paragraphs are added until it is about `size` bytes. */
export function docx(size: number, paragraphs: (index: number) => string): Uint8Array {
  const body: string[] = [];
  let length = 0;
  for (let i = 0; length < size - 1200 || i === 0; i++) {
    const paragraph = `<w:p><w:r><w:t xml:space="preserve">${escapeXml(paragraphs(i))}</w:t></w:r></w:p>`;
    body.push(paragraph);
    length += paragraph.length;
  }
  const wordNs = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${wordNs}"><w:body>${body.join('')}</w:body></w:document>`;
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '</Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>';
  return zip([
    { name: '[Content_Types].xml', data: utf8(contentTypes) },
    { name: '_rels/.rels', data: utf8(rels) },
    { name: 'word/document.xml', data: utf8(document) },
  ]);
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export { utf8 };
