// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHOWCASE_RANKS } from '../../service-double/messages';
import type { ServiceState } from '../../service-double/state';
import { AUTH, start } from './helpers';

function attachmentsAt(state: ServiceState, rank: number) {
  const id = state.dataset.list()[rank]!.id;
  return state.messagesOf(id)!.flatMap((m) => m.attachments);
}

async function download(url: string, headers: Record<string, string> = AUTH) {
  const response = await fetch(url, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, sha: createHash('sha256').update(bytes).digest('hex') };
}

describe('GET /attachments/{DOC_ID}/data', () => {
  it('serves the same bytes every time with length, type and disposition', async () => {
    const { url, state } = await start();
    const pdf = attachmentsAt(state, SHOWCASE_RANKS.hostileNames).find(
      (a) => a.mimeType === 'application/pdf',
    )!;
    const first = await download(`${url}/attachments/${pdf.docId}/data`);
    const second = await download(`${url}/attachments/${pdf.docId}/data`);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('application/pdf');
    expect(first.response.headers.get('content-length')).toBe(String(first.bytes.length));
    expect(first.response.headers.get('cache-control')).toBe('no-store');
    expect(first.response.headers.get('content-disposition')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(Buffer.from(first.bytes.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.4');
    expect(second.sha).toBe(first.sha);
  });

  it('serves valid images at their real size', async () => {
    const { url, state } = await start();
    const magic: Record<string, number[]> = {
      'image/png': [0x89, 0x50, 0x4e, 0x47],
      'image/jpeg': [0xff, 0xd8, 0xff],
      'image/gif': [0x47, 0x49, 0x46, 0x38],
      'image/webp': [0x52, 0x49, 0x46, 0x46],
    };
    for (const a of attachmentsAt(state, SHOWCASE_RANKS.gallery)) {
      const { response, bytes } = await download(`${url}/attachments/${a.docId}/data`);
      expect(response.headers.get('content-type')).toBe(a.mimeType);
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      const expected = magic[a.mimeType];
      if (expected) expect([...bytes.subarray(0, expected.length)]).toEqual(expected);
      else expect(new TextDecoder().decode(bytes)).toMatch(/^<svg /);
      expect(a.mimeType).toMatch(/^image\//);
    }
  });

  it('encodes hostile file names safely in Content-Disposition', async () => {
    const { url, state } = await start();
    const hostile = attachmentsAt(state, SHOWCASE_RANKS.hostileNames);
    const newline = hostile.find((a) => a.fileName.includes('\n'))!;
    const { response } = await download(`${url}/attachments/${newline.docId}/data`);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toContain("filename*=UTF-8''line%20one%0Aline%20two");
    expect(disposition).not.toMatch(/[\n\r]/);
    const empty = hostile.find((a) => a.fileName === '')!;
    expect(
      (await download(`${url}/attachments/${empty.docId}/data`)).response.headers.get(
        'content-disposition',
      ),
    ).toBe('attachment');
  });

  it('streams a large file with the announced length and stops when the client aborts', async () => {
    const { url, state } = await start();
    const large = attachmentsAt(state, SHOWCASE_RANKS.largeFiles);
    expect(large.map((a) => a.size)).toEqual([50 * 2 ** 20, 120 * 2 ** 20, 200 * 2 ** 20]);
    const controller = new AbortController();
    const response = await fetch(`${url}/attachments/${large[2]!.docId}/data`, {
      headers: AUTH,
      signal: controller.signal,
    });
    expect(response.headers.get('content-length')).toBe(String(200 * 2 ** 20));
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 4 * 2 ** 20) received += (await reader.read()).value!.length;
    controller.abort();
    await expect.poll(() => state.stats.aborted).toBe(1);
    expect(state.stats.bytesSent).toBeLessThan(100 * 2 ** 20);
  });

  it('downloads 50 MB completely', async () => {
    const { url, state } = await start();
    const large = attachmentsAt(state, SHOWCASE_RANKS.largeFiles)[0]!;
    const { bytes, response } = await download(`${url}/attachments/${large.docId}/data`);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(bytes.length).toBe(50 * 2 ** 20);
  });

  it('answers 404 for an unknown DOC_ID and 401 without a token', async () => {
    const { url, state } = await start();
    for (const docId of ['nope', 'c1-m0-a0', 'c%ZZ']) {
      const response = await fetch(`${url}/attachments/${docId}/data`, { headers: AUTH });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { errors: { type: string }[] }).errors[0]!.type).toBe(
        'not_found',
      );
    }
    const docId = attachmentsAt(state, SHOWCASE_RANKS.gallery)[0]!.docId;
    const response = await fetch(`${url}/attachments/${docId}/data`);
    expect(response.status).toBe(401);
  });

  it('serves injected attachments, with a url override kept verbatim', async () => {
    const { url, state } = await start();
    const id = state.dataset.list()[10]!.id;
    const local = state.addAttachment(id, {
      fileName: 'note.txt',
      mimeType: 'text/plain',
      size: 5000,
    });
    const foreign = state.addAttachment(id, {
      fileName: 'elsewhere.bin',
      mimeType: 'application/octet-stream',
      url: 'https://other.example/files/1',
    });
    const { bytes } = await download(`${url}/attachments/${local.docId}/data`);
    expect(bytes.length).toBeGreaterThanOrEqual(5000);
    const messages = (await (
      await fetch(`${url}/conversations/${id}/messages?limit=50`, { headers: AUTH })
    ).json()) as {
      data: { attachments?: { url: string }[] }[];
    };
    const urls = messages.data.flatMap((m) => m.attachments ?? []).map((a) => a.url);
    expect(urls).toContain(`${url}/attachments/${local.docId}/data`);
    expect(urls).toContain('https://other.example/files/1');
    expect(foreign.docId).toMatch(/^c\d+-x\d+$/);
  });
});

describe('benchmark route', () => {
  it('serves the same bytes without a token only in benchmark mode', async () => {
    const plain = await start();
    const docId = attachmentsAt(plain.state, SHOWCASE_RANKS.gallery)[0]!.docId;
    expect((await fetch(`${plain.url}/bench/attachments/${docId}/data`)).status).toBe(404);

    const bench = await start({ benchmark: true });
    const open = await download(`${bench.url}/bench/attachments/${docId}/data`, {});
    const authed = await download(`${bench.url}/attachments/${docId}/data`);
    expect(open.response.status).toBe(200);
    expect(open.response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(open.sha).toBe(authed.sha);
  });
});
