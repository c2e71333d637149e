import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  runDownload,
  type DownloadRequest,
} from '../../src/features/downloads/engines/download-engine';
import type { DownloadFailure } from '../../src/features/downloads/engines/download-failure';
import type { DownloadProgress } from '../../src/lib/download-progress';
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  SMALL_FILE_LIMIT_BYTES,
} from '../../src/features/downloads/engines/download-settings';
import { FEED_CREDIT_BYTES } from '../../src/features/downloads/engines/worker-download';
import * as workerSupport from '../../src/features/downloads/engines/worker-support';
import { captureSavedFiles } from '../support/conversation-pane';
import { server, TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';

vi.mock('../../src/features/downloads/engines/worker-support', () => ({
  workerDownloadsAvailable: vi.fn(() => true),
  ensureDownloadWorker: vi.fn(),
}));

const URL_LARGE = `${TEST_SERVICE_URL}/attachments/c1-m1-a0/data`;

/**
 * Stands in for public/download-sw.js: receives jobs with their port and lets the test answer
 * as the worker would.
 */
class FakeWorker {
  jobs: { data: Record<string, unknown>; port: MessagePort; received: unknown[] }[] = [];
  keepalives = 0;

  postMessage(data: Record<string, unknown>, transfer: Transferable[] = []) {
    if (data.type === 'keepalive') {
      this.keepalives += 1;
      return;
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

/** A large attachment: one chunk, then the body stays open. */
function serveLarge({ length }: { length: number | null }) {
  const seen = { requests: 0, aborted: false, authorization: '' };
  server.use(
    http.get(URL_LARGE, ({ request }) => {
      seen.requests += 1;
      seen.authorization = request.headers.get('Authorization') ?? '';
      request.signal.addEventListener('abort', () => (seen.aborted = true));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(1024));
        },
      });
      return new HttpResponse(body, {
        headers: length === null ? {} : { 'Content-Length': String(length) },
      });
    }),
  );
  return seen;
}

/** A large attachment whose body the test writes chunk by chunk. */
function serveFed({ length }: { length: number | null }) {
  const seen = { requests: 0, aborted: false, authorization: '' };
  let body!: ReadableStreamDefaultController<Uint8Array>;
  server.use(
    http.get(URL_LARGE, ({ request }) => {
      seen.requests += 1;
      seen.authorization = request.headers.get('Authorization') ?? '';
      request.signal.addEventListener('abort', () => (seen.aborted = true));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          body = controller;
        },
      });
      return new HttpResponse(stream, {
        headers: length === null ? {} : { 'Content-Length': String(length) },
      });
    }),
  );
  return {
    seen,
    push: (chunk: Uint8Array) => body.enqueue(chunk),
    end: () => body.close(),
    fail: () => body.error(new Error('connection lost')),
  };
}

function request(overrides: Partial<DownloadRequest> = {}) {
  const progress: DownloadProgress[] = [];
  const controller = new AbortController();
  const req: DownloadRequest = {
    url: URL_LARGE,
    token: TEST_TOKEN,
    serviceUrl: TEST_SERVICE_URL,
    fileName: 'database-backup.bin',
    signal: controller.signal,
    onProgress: (p) => progress.push(p),
    options: DEFAULT_DOWNLOAD_OPTIONS,
    ...overrides,
  };
  return { req, progress, controller };
}

function downloadFrame() {
  return document.querySelector<HTMLIFrameElement>('iframe[src^="/__threadline/download/"]');
}

let worker: FakeWorker;
beforeEach(() => {
  worker = new FakeWorker();
  vi.mocked(workerSupport.workerDownloadsAvailable).mockClear();
  vi.mocked(workerSupport.ensureDownloadWorker).mockClear();
  vi.mocked(workerSupport.workerDownloadsAvailable).mockReturnValue(true);
  vi.mocked(workerSupport.ensureDownloadWorker).mockResolvedValue(
    worker as unknown as ServiceWorker,
  );
});
afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('download engine: files over 50 MB go through the worker', () => {
  it('feeds its one open response to the worker, chunk by chunk with the buffers moved, and reports the worker progress', async () => {
    const size = SMALL_FILE_LIMIT_BYTES + 1;
    const { seen, push, end } = serveFed({ length: size });
    const files = captureSavedFiles();
    const { req, progress } = request();
    const result = runDownload(req);

    const job = await worker.job();
    // No url and no token reach the worker: the page made the only request.
    expect(job.data).toEqual({ type: 'feed', fileName: 'database-backup.bin', size });
    expect(seen.authorization).toBe(`Bearer ${TEST_TOKEN}`);

    job.port.postMessage({ type: 'ready', id: 'abc123' });
    await vi.waitFor(() => expect(downloadFrame()).not.toBeNull());
    expect(downloadFrame()!.getAttribute('src')).toBe('/__threadline/download/abc123');
    expect(downloadFrame()!.hidden).toBe(true);
    // Nothing is sent before the worker has answered the iframe.
    expect(job.received).toEqual([]);

    job.port.postMessage({ type: 'started', total: size });
    push(new Uint8Array(1000).fill(7));
    await vi.waitFor(() => expect(job.received).toHaveLength(1));
    const first = job.received[0] as { type: string; chunk: ArrayBuffer };
    expect(first.type).toBe('chunk');
    expect(first.chunk).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(first.chunk)).toEqual(new Uint8Array(1000).fill(7));
    job.port.postMessage({ type: 'progress', received: 1000, total: size });
    end();
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'end' }));
    job.port.postMessage({ type: 'done', received: size });
    await expect(result).resolves.toEqual({ size, via: 'worker' });
    expect(progress).toContainEqual({ received: 1000, total: size });
    expect(downloadFrame()).toBeNull();
    expect(files.createObjectURL).not.toHaveBeenCalled();
    expect(seen.requests).toBe(1);
    expect(seen.aborted).toBe(false);
  });

  it('keeps at most the credit in flight: the next chunk waits for the worker to take the last', async () => {
    const { push } = serveFed({ length: null });
    const { req, controller } = request();
    const result = runDownload(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'ready', id: 'x' });
    job.port.postMessage({ type: 'started' });
    push(new Uint8Array(FEED_CREDIT_BYTES));
    await vi.waitFor(() => expect(job.received).toHaveLength(1));
    push(new Uint8Array(10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(job.received).toHaveLength(1);
    job.port.postMessage({ type: 'progress', received: FEED_CREDIT_BYTES });
    await vi.waitFor(() => expect(job.received).toHaveLength(2));
    controller.abort();
    await expect(result).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('cancels the worker download and its own request when the body fails mid-way', async () => {
    const { seen, push, fail } = serveFed({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const { req } = request();
    const result = runDownload(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'ready', id: 'x' });
    job.port.postMessage({ type: 'started' });
    push(new Uint8Array(10));
    await vi.waitFor(() => expect(job.received).toHaveLength(1));
    fail();
    await expect(result).rejects.toMatchObject({ kind: 'network' });
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
    expect(seen.requests).toBe(1);
  });

  it('sends a file of unknown size through the worker too', async () => {
    serveLarge({ length: null });
    const { req } = request();
    const result = runDownload(req);
    const job = await worker.job();
    expect(job.data.size).toBeUndefined();
    job.port.postMessage({ type: 'done', received: 10 });
    await expect(result).resolves.toEqual({ size: 10, via: 'worker' });
  });

  it('maps an error status at once, as for small files, without involving the worker', async () => {
    server.use(http.get(URL_LARGE, () => new HttpResponse(null, { status: 404 })));
    const { req } = request();
    await expect(runDownload(req)).rejects.toMatchObject({ kind: 'not-found', status: 404 });
    expect(workerSupport.ensureDownloadWorker).not.toHaveBeenCalled();
    expect(downloadFrame()).toBeNull();
  });

  it('posts cancel to the worker when the agent cancels, so its stream is errored', async () => {
    serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const { req, controller } = request();
    const result = runDownload(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'ready', id: 'x' });
    await vi.waitFor(() => expect(downloadFrame()).not.toBeNull());
    controller.abort();
    await expect(result).rejects.toMatchObject({
      kind: 'cancelled',
    } satisfies Partial<DownloadFailure>);
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
    expect(downloadFrame()).toBeNull();
  });

  it('fails as stalled when the worker reports nothing for the stall timeout, and cancels it', async () => {
    serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const { req } = request({ options: { ...DEFAULT_DOWNLOAD_OPTIONS, stallTimeoutMs: 100 } });
    const result = runDownload(req);
    const job = await worker.job();
    await expect(result).rejects.toMatchObject({ kind: 'stalled' });
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
  });

  it('falls back to the Blob path with the same response when the worker cannot start', async () => {
    vi.mocked(workerSupport.ensureDownloadWorker).mockRejectedValue(new Error('no worker'));
    const size = 3000;
    let requests = 0;
    server.use(
      http.get(URL_LARGE, () => {
        requests += 1;
        return new HttpResponse(new Uint8Array(size), { headers: {} });
      }),
    );
    const files = captureSavedFiles();
    const { req } = request();
    await expect(runDownload(req)).resolves.toEqual({ size, via: 'blob' });
    expect(files.saved[0]!.download).toBe('database-backup.bin');
    expect(requests).toBe(1);
  });

  it('never involves the worker for a small file', async () => {
    server.use(
      http.get(
        URL_LARGE,
        () => new HttpResponse(new Uint8Array(10), { headers: { 'Content-Length': '10' } }),
      ),
    );
    captureSavedFiles();
    const { req } = request();
    await expect(runDownload(req)).resolves.toEqual({ size: 10, via: 'blob' });
    expect(workerSupport.ensureDownloadWorker).not.toHaveBeenCalled();
  });

  it('uses the Blob path for every size where service workers are unavailable', async () => {
    vi.mocked(workerSupport.workerDownloadsAvailable).mockReturnValue(false);
    server.use(http.get(URL_LARGE, () => new HttpResponse(new Uint8Array(20))));
    captureSavedFiles();
    const { req } = request();
    await expect(runDownload(req)).resolves.toEqual({ size: 20, via: 'blob' });
    expect(workerSupport.ensureDownloadWorker).not.toHaveBeenCalled();
  });
});
