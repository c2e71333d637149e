// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SHOWCASE_RANKS, VIEWER_SAMPLES } from '../../service-double/index';
import type { ViewerSample } from '../../service-double/viewer-samples';
import { AUTH, getJson, start } from './helpers';

interface Message {
  attachments?: { fileName: string; mimeType: string; url: string }[];
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The viewer conversation's messages as the app sees them: limit 50, cursors followed. */
async function messagePages(url: string, id: number): Promise<Message[][]> {
  const pages: Message[][] = [];
  let next: string | undefined;
  do {
    const query = new URLSearchParams({ limit: '50', ...(next ? { next } : {}) });
    const { body } = await getJson<Message>(`${url}/conversations/${id}/messages?${query}`);
    pages.push(body.data!);
    next = body.pagination?.next;
  } while (next !== undefined);
  return pages;
}

async function samplesAsServed() {
  const service = await start();
  const id = service.state.dataset.list()[SHOWCASE_RANKS.viewerSamples]!.id;
  const pages = await messagePages(service.url, id);
  return { service, id, pages };
}

function signature(sample: ViewerSample): string | number[] {
  const bySuffix: Record<string, string | number[]> = {
    pdf: '%PDF-1.4',
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpg: [0xff, 0xd8, 0xff],
    gif: 'GIF8',
    webp: 'RIFF',
    svg: '<svg ',
    heic: [0, 0, 0],
    ogg: 'OggS',
    wav: 'RIFF',
    webm: [0x1a, 0x45, 0xdf, 0xa3],
    log: '2025-',
    json: '{',
    csv: 'order_id,',
    md: '# ',
    html: '<!doctype html>',
  };
  return bySuffix[sample.fileName.split('.').at(-1)!]!;
}

describe('viewer samples', () => {
  it('are attached in message order, some on the first messages page and some only on a later one', async () => {
    const { pages } = await samplesAsServed();
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const names = (messages: Message[]) =>
      messages.flatMap((m) => (m.attachments ?? []).map((a) => a.fileName));
    expect(pages.flat().map((m) => (m.attachments ?? []).map((a) => a.fileName))).toEqual(
      pages
        .flat()
        .map((_, index) =>
          VIEWER_SAMPLES.filter((s) => s.messageIndex === index).map((s) => s.fileName),
        ),
    );
    expect(names(pages.flat())).toEqual(VIEWER_SAMPLES.map((s) => s.fileName));
    expect(names(pages[0]!)).toContain('manual.pdf');
    expect(names(pages.slice(1).flat()).length).toBeGreaterThanOrEqual(2);
    const types = new Map(
      pages.flat().flatMap((m) => (m.attachments ?? []).map((a) => [a.fileName, a.mimeType])),
    );
    for (const sample of VIEWER_SAMPLES) expect(types.get(sample.fileName)).toBe(sample.mimeType);
  });

  it('serve real files: signature, declared type and size', async () => {
    const { pages } = await samplesAsServed();
    const attachments = pages.flat().flatMap((m) => m.attachments ?? []);
    for (const sample of VIEWER_SAMPLES) {
      if (sample.fileName === 'huge-video.webm') continue;
      const { url } = attachments.find((a) => a.fileName === sample.fileName)!;
      const response = await fetch(url, { headers: AUTH });
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.status, sample.fileName).toBe(200);
      expect(response.headers.get('content-type'), sample.fileName).toBe(sample.mimeType);
      expect(Number(response.headers.get('content-length')), sample.fileName).toBe(bytes.length);
      const expected = signature(sample);
      if (typeof expected === 'string') {
        expect(latin1(bytes.subarray(0, expected.length)), sample.fileName).toBe(expected);
      } else {
        expect([...bytes.subarray(0, expected.length)], sample.fileName).toEqual(expected);
      }
      if ('bytes' in sample.expect) expect(bytes.length, sample.fileName).toBe(sample.expect.bytes);
      if ('firstLine' in sample.expect) {
        expect(latin1(bytes).split('\n', 1)[0], sample.fileName).toBe(sample.expect.firstLine);
      }
      if ('width' in sample.expect && sample.kind === 'image') {
        expect(imageSize(sample.fileName, bytes), sample.fileName).toEqual({
          width: sample.expect.width,
          height: sample.expect.height,
        });
      }
      if (sample.fileName === 'photo.heic') expect(latin1(bytes.subarray(4, 12))).toBe('ftypheic');
      if (sample.fileName === 'voice-note.ogg') expect(latin1(bytes)).toContain('OpusHead');
      if (sample.fileName === 'screen-recording.webm') expect(latin1(bytes)).toContain('webm');
    }
  });

  it('a 3-page manual with links, a scripted PDF that calls the double, a damaged and an encrypted one', async () => {
    const { service, pages } = await samplesAsServed();
    const attachments = pages.flat().flatMap((m) => m.attachments ?? []);
    const text = async (name: string) => {
      const { url } = attachments.find((a) => a.fileName === name)!;
      return latin1(new Uint8Array(await (await fetch(url, { headers: AUTH })).arrayBuffer()));
    };
    const manual = await text('manual.pdf');
    expect(manual.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(manual).toContain('/Count 3');
    for (const phrase of ['Threadline sample manual', 'Page two', 'Page three']) {
      expect(manual).toContain(`(${phrase})`);
    }
    expect(manual).toContain('/URI (https://example.com/manual)');
    expect(manual).toContain('/URI (javascript:alert\\(1\\))');
    expect(xrefIsConsistent(manual)).toBe(true);

    const scripted = await text('scripted.pdf');
    expect(scripted).toMatch(/\/OpenAction \d+ 0 R/);
    expect(scripted).toMatch(/\/AA << \/O \d+ 0 R >>/);
    expect(scripted).toContain(`${service.url}/hostile/pdf-script-ran?via=open-action`);
    expect(scripted).toContain("document.title = 'pwned'");
    expect(xrefIsConsistent(scripted)).toBe(true);

    const damaged = await text('damaged.pdf');
    expect(damaged).not.toMatch(/startxref|trailer|endobj/);

    const locked = await text('locked.pdf');
    expect(locked).toMatch(/\/Encrypt \d+ 0 R/);
    expect(locked).toContain('/Filter /Standard /V 2 /R 3 /Length 128');
    expect(locked).not.toContain('Locked sample');
    expect(xrefIsConsistent(locked)).toBe(true);
  });

  it('CSV: every record has the header’s columns, including quoted commas, quotes and newlines', async () => {
    const { pages } = await samplesAsServed();
    const { url } = pages
      .flat()
      .flatMap((m) => m.attachments ?? [])
      .find((a) => a.fileName === 'orders.csv')!;
    const records = parseCsv(await (await fetch(url, { headers: AUTH })).text());
    const sample = VIEWER_SAMPLES.find((s) => s.fileName === 'orders.csv')!;
    expect(sample.expect).toEqual({ rows: records.length - 1, columns: records[0]!.length });
    expect(records.every((record) => record.length === records[0]!.length)).toBe(true);
    const fields = records.flat();
    expect(fields.some((f) => f.includes('\n'))).toBe(true);
    expect(fields.some((f) => f.includes('"'))).toBe(true);
    expect(fields.some((f) => f.includes(','))).toBe(true);
  });

  it('server.log has markup and bytes that are not UTF-8; big.log is over 1 MiB', async () => {
    const { pages } = await samplesAsServed();
    const attachments = pages.flat().flatMap((m) => m.attachments ?? []);
    const get = async (name: string) => {
      const { url } = attachments.find((a) => a.fileName === name)!;
      return new Uint8Array(await (await fetch(url, { headers: AUTH })).arrayBuffer());
    };
    const log = await get('server.log');
    expect(latin1(log)).toContain('<script>alert(1)</script>');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(log)).toThrow();
    expect((await get('big.log')).length).toBeGreaterThan(2 * 1024 * 1024);
    const notes = new TextDecoder().decode(await get('notes.md'));
    expect(notes).toContain('<img src=x onerror=alert(1)>');
    expect(notes).toContain('[link](javascript:alert(1))');
  });

  it('declares the huge video’s size over 50 MB and streams it without building it', async () => {
    const { pages } = await samplesAsServed();
    const { url } = pages
      .flat()
      .flatMap((m) => m.attachments ?? [])
      .find((a) => a.fileName === 'huge-video.webm')!;
    const controller = new AbortController();
    const response = await fetch(url, { headers: AUTH, signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(50 * 1024 * 1024);
    const { value } = await response.body!.getReader().read();
    expect([...value!.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    controller.abort();
  });

  it('records calls to /hostile/* without a token, from any origin, and resets them', async () => {
    const { service } = await samplesAsServed();
    expect(service.state.stats.hostileHits).toEqual([]);
    const hit = await fetch(`${service.url}/hostile/svg-script-ran?via=script`, {
      headers: { Origin: 'http://evil.example' },
    });
    expect(hit.status).toBe(204);
    const preflight = await fetch(`${service.url}/hostile/pdf-script-ran`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(service.state.stats.hostileHits).toEqual([
      'GET /hostile/svg-script-ran?via=script',
      'OPTIONS /hostile/pdf-script-ran',
    ]);
    service.state.reset();
    expect(service.state.stats.hostileHits).toEqual([]);
  });

  it('puts the double’s own URL, with its mount path, into the hostile samples', async () => {
    const service = await start({ basePath: '/mounted' });
    const id = service.state.dataset.list()[SHOWCASE_RANKS.viewerSamples]!.id;
    const attachments = (await messagePages(service.url, id))
      .flat()
      .flatMap((m) => m.attachments ?? []);
    const svg = attachments.find((a) => a.fileName === 'diagram.svg')!;
    const body = await (await fetch(svg.url, { headers: AUTH })).text();
    expect(body).toContain(`fetch('${service.url}/hostile/svg-script-ran?via=script')`);
    expect(body).toMatch(/<script>/);
    expect(body).toMatch(/onload="/);
    expect((await fetch(`${service.url}/hostile/svg-script-ran`)).status).toBe(204);
    expect(service.state.stats.hostileHits).toEqual(['GET /hostile/svg-script-ran']);
  });
});

function imageSize(fileName: string, bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (fileName.endsWith('.png')) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (fileName.endsWith('.gif')) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (fileName.endsWith('.svg')) {
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(latin1(bytes))!;
    return { width: Number(width), height: Number(height) };
  }
  if (fileName.endsWith('.webp')) {
    // VP8L: 14-bit width - 1 and height - 1 after the signature byte; VP8: 16-bit at 26, 28.
    const format = latin1(bytes.subarray(12, 16));
    if (format === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  // JPEG: the first start-of-frame marker.
  for (let offset = 2; offset < bytes.length;) {
    const marker = view.getUint16(offset);
    if (marker >= 0xffc0 && marker <= 0xffc2) {
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  throw new Error(`No size found in ${fileName}`);
}

/** Every xref entry points at "N 0 obj" and startxref at the xref table. */
function xrefIsConsistent(pdf: string): boolean {
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  if (!pdf.startsWith('xref\n', start)) return false;
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(start))!;
  const entries = pdf
    .slice(start)
    .split('\n')
    .slice(2, 2 + Number(count));
  return entries.every((entry, i) => {
    const number = Number(first) + i;
    if (entry.endsWith('f ')) return number === 0;
    return pdf.startsWith(`${number} 0 obj\n`, Number(entry.slice(0, 10)));
  });
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  return records;
}
