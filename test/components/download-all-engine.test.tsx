import { requestAttachment } from '../../src/api/attachments';
import { predictLength } from 'client-zip';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../src/api/messages';
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  SMALL_FILE_LIMIT_BYTES,
} from '../../src/features/downloads/engines/download-settings';
import * as workerSupport from '../../src/features/downloads/engines/worker-support';
import {
  runDownloadAll,
  type DownloadAllRequest,
} from '../../src/features/downloads/engines/zip-download';
import { planZip, zipFileName } from '../../src/features/downloads/engines/zip-plan';
import type { ZipProgress } from '../../src/features/downloads/engines/zip-sources';
import { captureSavedFiles } from '../support/conversation-pane';
import { server, TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';

vi.mock('../../src/features/downloads/engines/worker-support', () => ({
  workerDownloadsAvailable: vi.fn(() => true),
  ensureDownloadWorker: vi.fn(),
}));

/** Stands in for the download worker (src/download-worker/): takes 'stream' jobs (port + transferred stream). */
class FakeWorker {
  jobs: { data: Record<string, unknown>; port: MessagePort; received: unknown[] }[] = [];
  refuseTransfer = false;

  postMessage(data: Record<string, unknown>, transfer: Transferable[] = []) {
    if (data.type === 'keepalive') return;
    if (this.refuseTransfer && transfer.some((item) => item instanceof ReadableStream)) {
      throw new DOMException('ReadableStream could not be cloned.', 'DataCloneError');
    }
    const port = transfer[0] as MessagePort;
    const job = { data, port, received: [] as unknown[] };
    port.onmessage = (event: MessageEvent) => job.received.push(event.data);
    this.jobs.push(job);
  }

  async job() {
    await vi.waitFor(() => expect(this.jobs).toHaveLength(1));
    return this.jobs[0]!;
  }
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Entry names and contents from the central directory (sizes live there, not in local headers). */
function zipEntries(bytes: Uint8Array): [string, Uint8Array][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
  let cursor = view.getUint32(end + 16, true);
  const entries: [string, Uint8Array][] = [];
  for (let index = 0; index < view.getUint16(end + 10, true); index += 1) {
    const size = view.getUint32(cursor + 20, true);
    const nameLength = view.getUint16(cursor + 28, true);
    const skip = view.getUint16(cursor + 30, true) + view.getUint16(cursor + 32, true);
    const local = view.getUint32(cursor + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(cursor + 46, cursor + 46 + nameLength));
    cursor += 46 + nameLength + skip;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push([name, bytes.slice(start, start + size)]);
  }
  return entries;
}

const fileUrl = (name: string) => `${TEST_SERVICE_URL}/attachments/${name}/data`;

/** Serves files by name; `status` overrides; records requests and their token. */
function serveFiles(files: Record<string, { size: number; status?: number; length?: boolean }>) {
  const seen: { name: string; authorization: string; aborted: boolean }[] = [];
  for (const [name, { size, status = 200, length = true }] of Object.entries(files)) {
    server.use(
      http.get(fileUrl(name), ({ request }) => {
        const entry = {
          name,
          authorization: request.headers.get('Authorization') ?? '',
          aborted: false,
        };
        seen.push(entry);
        request.signal.addEventListener('abort', () => (entry.aborted = true));
        if (status !== 200) return new HttpResponse(null, { status });
        const body = new Uint8Array(size).fill(name.charCodeAt(0));
        return new HttpResponse(body, {
          headers: length ? { 'Content-Length': String(size) } : {},
        });
      }),
    );
  }
  return seen;
}

function request(names: string[], overrides: Partial<DownloadAllRequest> = {}) {
  const progress: ZipProgress[] = [];
  const skipped: string[] = [];
  const controller = new AbortController();
  const req: DownloadAllRequest = {
    entries: names.map((name) => ({
      url: fileUrl(name),
      name,
      shownName: name,
      lastModified: new Date(2024, 0, 2, 3, 4, 6),
    })),
    open: (url, signal) => requestAttachment(url, TEST_TOKEN, { signal, retries: 0 }),
    fileName: 'conversation-1-attachments.zip',
    signal: controller.signal,
    onProgress: (value) => progress.push(value),
    onSkip: (entry) => skipped.push(entry.name),
    options: DEFAULT_DOWNLOAD_OPTIONS,
    ...overrides,
  };
  return { req, progress, skipped, controller };
}

let worker: FakeWorker;
beforeEach(() => {
  worker = new FakeWorker();
  vi.mocked(workerSupport.workerDownloadsAvailable).mockReturnValue(true);
  vi.mocked(workerSupport.ensureDownloadWorker).mockResolvedValue(
    worker as unknown as ServiceWorker,
  );
});
afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('Download all: the zip engine', () => {
  it('saves a small zip with known sizes as one Blob, with every request carrying the token', async () => {
    const seen = serveFiles({ 'a.txt': { size: 100 }, 'b.txt': { size: 200 } });
    const files = captureSavedFiles();
    const onInMemory = vi.fn();
    const { req, progress } = request(['a.txt', 'b.txt'], { onInMemory });
    const result = await runDownloadAll(req);
    expect(result).toMatchObject({ files: 2, via: 'blob' });
    expect(worker.jobs).toHaveLength(0);
    expect(onInMemory).not.toHaveBeenCalled();
    expect(files.saved[0]!.download).toBe('conversation-1-attachments.zip');
    const entries = zipEntries(new Uint8Array(await files.saved[0]!.blob.arrayBuffer()));
    expect(entries.map(([name, data]) => [name, data.length])).toEqual([
      ['a.txt', 100],
      ['b.txt', 200],
    ]);
    expect(seen.map((entry) => entry.authorization)).toEqual([
      `Bearer ${TEST_TOKEN}`,
      `Bearer ${TEST_TOKEN}`,
    ]);
    expect(progress.at(-1)).toEqual({ received: 300, total: 300, file: 2, files: 2 });
  });

  it('hands the zip stream to the worker when sizes are not all known up front, and it holds every file', async () => {
    serveFiles({
      'a.bin': { size: 10 },
      'b.bin': { size: 20 },
      'c.bin': { size: 30 },
      'd.bin': { size: 40 },
      'e.bin': { size: 50, length: false },
    });
    const files = captureSavedFiles();
    const { req } = request(['a.bin', 'b.bin', 'c.bin', 'd.bin', 'e.bin']);
    const result = runDownloadAll(req);

    const job = await worker.job();
    expect(job.data).toMatchObject({
      type: 'stream',
      fileName: 'conversation-1-attachments.zip',
      size: undefined,
    });
    expect(job.data.stream).toBeInstanceOf(ReadableStream);
    // The worker answers as src/download-worker/ does: ready, then the bytes as they come.
    job.port.postMessage({ type: 'ready', id: 'zip-1' });
    await vi.waitFor(() =>
      expect(document.querySelector('iframe[src="/__threadline/download/zip-1"]')).not.toBeNull(),
    );
    const bytes = await readAll(job.data.stream as ReadableStream<Uint8Array>);
    job.port.postMessage({ type: 'done', received: bytes.length });
    await expect(result).resolves.toEqual({ size: bytes.length, files: 5, via: 'worker' });
    expect(zipEntries(bytes).map(([name, data]) => [name, data.length, data[0]])).toEqual([
      ['a.bin', 10, 97],
      ['b.bin', 20, 98],
      ['c.bin', 30, 99],
      ['d.bin', 40, 100],
      ['e.bin', 50, 101],
    ]);
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('sends the exact zip length when every size is known and the zip is over 50 MB', async () => {
    const half = SMALL_FILE_LIMIT_BYTES / 2 + 1;
    const seen = serveFiles({ 'x.bin': { size: half }, 'y.bin': { size: half } });
    const { req, controller } = request(['x.bin', 'y.bin']);
    const result = runDownloadAll(req);
    const job = await worker.job();
    expect(job.data.size).toBe(
      Number(
        predictLength([
          { name: 'x.bin', size: half },
          { name: 'y.bin', size: half },
        ]),
      ),
    );
    controller.abort();
    await expect(result).rejects.toMatchObject({ kind: 'cancelled' });
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
    await vi.waitFor(() => expect(seen.every((entry) => entry.aborted)).toBe(true));
  });

  it("a file's failure mid-zip cancels the worker's download and names the file", async () => {
    serveFiles({
      'a.bin': { size: 10 },
      'b.bin': { size: 10 },
      'c.bin': { size: 10 },
      'd.bin': { size: 10 },
      'e.bin': { size: 10, status: 503 },
    });
    const { req } = request(['a.bin', 'b.bin', 'c.bin', 'd.bin', 'e.bin']);
    const result = runDownloadAll(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'ready', id: 'zip-2' });
    await expect(readAll(job.data.stream as ReadableStream<Uint8Array>)).rejects.toBeDefined();
    await expect(result).rejects.toMatchObject({
      fileName: 'e.bin',
      kind: 'service',
      status: 503,
    });
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
  });

  it('falls back to a Blob of the same stream where streams cannot be transferred', async () => {
    worker.refuseTransfer = true;
    serveFiles({
      'a.bin': { size: 10 },
      'b.bin': { size: 10 },
      'c.bin': { size: 10 },
      'd.bin': { size: 10 },
      'e.bin': { size: 10 },
    });
    const files = captureSavedFiles();
    const onInMemory = vi.fn();
    const { req } = request(['a.bin', 'b.bin', 'c.bin', 'd.bin', 'e.bin'], { onInMemory });
    await expect(runDownloadAll(req)).resolves.toMatchObject({ files: 5, via: 'blob' });
    const entries = zipEntries(new Uint8Array(await files.saved[0]!.blob.arrayBuffer()));
    expect(entries).toHaveLength(5);
    expect(onInMemory).toHaveBeenCalledTimes(1);
  });

  it('fails before anything is saved when an early file is refused, and skips a 404', async () => {
    const seen = serveFiles({
      'a.bin': { size: 10, status: 404 },
      'b.bin': { size: 10, status: 403 },
    });
    const files = captureSavedFiles();
    const { req, skipped } = request(['a.bin', 'b.bin']);
    await expect(runDownloadAll(req)).rejects.toMatchObject({
      fileName: 'b.bin',
      kind: 'service',
      status: 403,
    });
    expect(skipped).toEqual(['a.bin']);
    expect(seen).toHaveLength(2);
    expect(worker.jobs).toHaveLength(0);
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 from any file', async () => {
    serveFiles({ 'a.bin': { size: 10 }, 'b.bin': { size: 10, status: 401 } });
    const { req } = request(['a.bin', 'b.bin']);
    await expect(runDownloadAll(req)).rejects.toMatchObject({ status: 401 });
  });
});

describe('Download all: the plan', () => {
  function message(attachments: { fileName: string; url: string }[], timestamp?: number): Message {
    return {
      key: `m-${Math.random()}`,
      author: undefined,
      text: undefined,
      timestamp,
      attachments: attachments.map((attachment) => ({
        mimeType: 'application/pdf',
        ...attachment,
      })),
      unreadableAttachments: 0,
    };
  }

  it('keeps only urls on the service, with safe names unique within the zip', () => {
    const plan = planZip(
      [
        message(
          [
            { fileName: 'report.pdf', url: fileUrl('c1-m0-a0') },
            { fileName: 'REPORT.pdf', url: fileUrl('c1-m0-a1') },
          ],
          1_700_000_000,
        ),
        message([
          { fileName: 'report.pdf', url: fileUrl('c1-m1-a0') },
          { fileName: 'report (2).pdf', url: fileUrl('c1-m1-a1') },
          { fileName: '', url: fileUrl('c1-m1-a2') },
          { fileName: '../../etc/passwd', url: fileUrl('c1-m1-a3') },
          { fileName: 'CON.txt', url: fileUrl('c1-m1-a4') },
          { fileName: 'stolen.pdf', url: 'https://files.attacker.example/api/attachments/x/data' },
          { fileName: 'sideways.pdf', url: `${new URL(TEST_SERVICE_URL).origin}/admin/x` },
        ]),
      ],
      TEST_SERVICE_URL,
    );
    expect(plan.entries.map((entry) => entry.name)).toEqual([
      'report.pdf',
      'REPORT (3).pdf',
      'report (4).pdf',
      'report (2).pdf',
      'attachment-c1-m1-a2',
      '_.._etc_passwd',
      '_CON.txt',
    ]);
    expect(plan.entries.map((entry) => entry.shownName)).toContain('attachment-c1-m1-a2');
    expect(plan.foreign).toEqual(['stolen.pdf', 'sideways.pdf']);
    expect(plan.entries[0]!.lastModified).toEqual(new Date(1_700_000_000_000));
    expect(plan.entries[2]!.lastModified).toBeUndefined();
  });

  it('names the zip after the conversation', () => {
    expect(zipFileName(10234)).toBe('conversation-10234-attachments.zip');
  });
});
