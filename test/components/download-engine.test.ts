import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  runDownload,
  type DownloadRequest,
} from '../../src/features/downloads/engines/download-engine';
import type { ApiError } from '../../src/api/errors';
import type { DownloadProgress } from '../../src/lib/download-progress';
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  SMALL_FILE_LIMIT_BYTES,
} from '../../src/features/downloads/engines/download-settings';
import * as workerSupport from '../../src/features/downloads/engines/worker-support';
import { captureSavedFiles } from '../support/conversation-pane';
import { server, TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';

vi.mock('../../src/features/downloads/engines/worker-support', () => ({
  workerDownloadsAvailable: vi.fn(() => true),
  ensureDownloadWorker: vi.fn(),
}));

const URL_LARGE = `${TEST_SERVICE_URL}/attachments/c1-m1-a0/data`;

/**
 * Stands in for the download worker (src/download-worker/): receives jobs with their port and lets
 * the test answer as the worker would.
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
    await vi.waitFor(() => expect(this.jobs.length).toBeGreaterThan(0));
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

function request(overrides: Partial<DownloadRequest> = {}) {
  const progress: DownloadProgress[] = [];
  const controller = new AbortController();
  const req: DownloadRequest = {
    url: URL_LARGE,
    token: TEST_TOKEN,
    fileName: 'database-backup.bin',
    signal: controller.signal,
    onProgress: (p) => progress.push(p),
    // Automatic retries off, as in every component test; one test below turns them on.
    options: { ...DEFAULT_DOWNLOAD_OPTIONS, retries: 0 },
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

describe('download engine: files over 50 MB are handed to the browser with a ticket', () => {
  it('hands the worker a ticket (url, token, safe name), drops its probe and resolves via the browser once started', async () => {
    const size = SMALL_FILE_LIMIT_BYTES + 1;
    const seen = serveLarge({ length: size });
    const files = captureSavedFiles();
    const { req, progress } = request();
    const result = runDownload(req);

    const job = await worker.job();
    expect(job.data).toEqual({
      type: 'fetch',
      url: URL_LARGE,
      token: TEST_TOKEN,
      fileName: 'database-backup.bin',
      size,
      // The worker's words, in the agent's language (it loads no catalogs).
      texts: { unnamedFile: 'attachment' },
    });
    expect(seen.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    // The probe stays open (for the fallback) until the worker holds the ticket.
    expect(seen.aborted).toBe(false);

    job.port.postMessage({ type: 'ready', id: 'abc123' });
    await vi.waitFor(() => expect(downloadFrame()).not.toBeNull());
    expect(downloadFrame()!.getAttribute('src')).toBe('/__threadline/download/abc123');
    expect(downloadFrame()!.hidden).toBe(true);
    await vi.waitFor(() => expect(seen.aborted).toBe(true));

    job.port.postMessage({ type: 'started', total: size });
    await expect(result).resolves.toEqual({ size, via: 'browser' });
    // Nothing was fed: the page sends the worker no bytes, no cancel.
    expect(job.received).toEqual([]);
    expect(progress).toContainEqual({ received: 0, total: size });
    expect(files.createObjectURL).not.toHaveBeenCalled();
    expect(seen.requests).toBe(1);
  });

  it('hands over a file of unknown size too', async () => {
    serveLarge({ length: null });
    const { req } = request();
    const result = runDownload(req);
    const job = await worker.job();
    expect(job.data.size).toBeUndefined();
    job.port.postMessage({ type: 'ready', id: 'x' });
    job.port.postMessage({ type: 'started' });
    await expect(result).resolves.toEqual({ size: undefined, via: 'browser' });
  });

  it.each([401, 404, 503])(
    "fails with the worker's HTTP %i and removes the frame once its answer has loaded",
    async (status) => {
      serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
      const { req } = request();
      const result = runDownload(req);
      const job = await worker.job();
      job.port.postMessage({ type: 'ready', id: 'x' });
      await vi.waitFor(() => expect(downloadFrame()).not.toBeNull());
      job.port.postMessage({ type: 'error', reason: 'http', status });
      await expect(result).rejects.toMatchObject({
        kind: 'service',
        status,
      } satisfies Partial<ApiError>);
      // Not while the worker's empty answer may still be on its way (Firefox calls that an error).
      const frame = downloadFrame()!;
      expect(frame).not.toBeNull();
      frame.dispatchEvent(new Event('load'));
      expect(downloadFrame()).toBeNull();
    },
  );

  it("retries the worker's 503 with a new ticket after Retry-After, under the app's policy", async () => {
    serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const { req } = request({ options: { ...DEFAULT_DOWNLOAD_OPTIONS, retries: 3 } });
    const result = runDownload(req);
    const first = await worker.job();
    first.port.postMessage({ type: 'ready', id: 'x' });
    await vi.waitFor(() => expect(downloadFrame()).not.toBeNull());
    const failedAt = Date.now();
    first.port.postMessage({ type: 'error', reason: 'http', status: 503, retryAfter: '1' });
    await vi.waitFor(() => expect(worker.jobs).toHaveLength(2), { timeout: 3000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(950);
    const second = worker.jobs[1]!;
    expect(second.data).toMatchObject({ type: 'fetch', url: URL_LARGE, token: TEST_TOKEN });
    second.port.postMessage({ type: 'ready', id: 'y' });
    second.port.postMessage({ type: 'started' });
    await expect(result).resolves.toMatchObject({ via: 'browser' });
  });

  it("maps the worker's network failure", async () => {
    serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const { req } = request();
    const result = runDownload(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'ready', id: 'x' });
    job.port.postMessage({ type: 'error', reason: 'network' });
    await expect(result).rejects.toMatchObject({ kind: 'network' });
  });

  it('maps an error status at once, as for small files, without involving the worker', async () => {
    server.use(http.get(URL_LARGE, () => new HttpResponse(null, { status: 404 })));
    const { req } = request();
    await expect(runDownload(req)).rejects.toMatchObject({ kind: 'service', status: 404 });
    expect(workerSupport.ensureDownloadWorker).not.toHaveBeenCalled();
    expect(downloadFrame()).toBeNull();
  });

  it('cancel after the ticket was taken: posts cancel (the worker drops the ticket or its request)', async () => {
    const seen = serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const { req, controller } = request();
    const result = runDownload(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'ready', id: 'x' });
    await vi.waitFor(() => expect(downloadFrame()).not.toBeNull());
    controller.abort();
    await expect(result).rejects.toMatchObject({
      kind: 'cancelled',
    } satisfies Partial<ApiError>);
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
    downloadFrame()!.dispatchEvent(new Event('load'));
    expect(downloadFrame()).toBeNull();
    expect(seen.aborted).toBe(true);
  });

  it('cancel before the worker answered: the probe is aborted and nothing is saved', async () => {
    const seen = serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const files = captureSavedFiles();
    const { req, controller } = request();
    const result = runDownload(req);
    const job = await worker.job();
    controller.abort();
    await expect(result).rejects.toMatchObject({ kind: 'cancelled' });
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
    await vi.waitFor(() => expect(seen.aborted).toBe(true));
    expect(downloadFrame()).toBeNull();
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('fails as stalled when the worker reports nothing for the stall timeout, and cancels it', async () => {
    serveLarge({ length: SMALL_FILE_LIMIT_BYTES * 2 });
    const { req } = request({ options: { ...DEFAULT_DOWNLOAD_OPTIONS, stallTimeoutMs: 100 } });
    const result = runDownload(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'ready', id: 'x' });
    await expect(result).rejects.toMatchObject({ kind: 'stalled' });
    await vi.waitFor(() => expect(job.received).toContainEqual({ type: 'cancel' }));
  });

  it('takes the Blob path with the same, still open response when the worker does not take the ticket', async () => {
    const size = 3000;
    let requests = 0;
    server.use(
      http.get(URL_LARGE, () => {
        requests += 1;
        return new HttpResponse(new Uint8Array(size).fill(5), { headers: {} });
      }),
    );
    const files = captureSavedFiles();
    const { req } = request({
      options: { ...DEFAULT_DOWNLOAD_OPTIONS, ticketReadyTimeoutMs: 50 },
    });
    await expect(runDownload(req)).resolves.toEqual({ size, via: 'blob' });
    expect(files.saved[0]!.download).toBe('database-backup.bin');
    expect(requests).toBe(1);
    // The worker is told to drop the ticket, should it still take it.
    await vi.waitFor(() => expect(worker.jobs[0]!.received).toContainEqual({ type: 'cancel' }));
    expect(downloadFrame()).toBeNull();
  });

  it('takes the Blob path when the worker refuses the ticket', async () => {
    server.use(http.get(URL_LARGE, () => new HttpResponse(new Uint8Array(40))));
    captureSavedFiles();
    const { req } = request();
    const result = runDownload(req);
    const job = await worker.job();
    job.port.postMessage({ type: 'error', reason: 'invalid' });
    await expect(result).resolves.toEqual({ size: 40, via: 'blob' });
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
    const onInMemory = vi.fn();
    const { req } = request({ onInMemory });
    await expect(runDownload(req)).resolves.toEqual({ size, via: 'blob' });
    expect(files.saved[0]!.download).toBe('database-backup.bin');
    expect(requests).toBe(1);
    expect(onInMemory).toHaveBeenCalledTimes(1);
  });

  it('never involves the worker for a small file', async () => {
    server.use(
      http.get(
        URL_LARGE,
        () => new HttpResponse(new Uint8Array(10), { headers: { 'Content-Length': '10' } }),
      ),
    );
    captureSavedFiles();
    const onInMemory = vi.fn();
    const { req } = request({ onInMemory });
    await expect(runDownload(req)).resolves.toEqual({ size: 10, via: 'blob' });
    expect(workerSupport.ensureDownloadWorker).not.toHaveBeenCalled();
    expect(onInMemory).not.toHaveBeenCalled();
  });

  it('uses the Blob path for every size where service workers are unavailable', async () => {
    vi.mocked(workerSupport.workerDownloadsAvailable).mockReturnValue(false);
    server.use(http.get(URL_LARGE, () => new HttpResponse(new Uint8Array(20))));
    captureSavedFiles();
    const onInMemory = vi.fn();
    const { req } = request({ onInMemory });
    await expect(runDownload(req)).resolves.toEqual({ size: 20, via: 'blob' });
    expect(workerSupport.ensureDownloadWorker).not.toHaveBeenCalled();
    // Of unknown size, so possibly large: the job tells the agent it is held in the tab.
    expect(onInMemory).toHaveBeenCalledTimes(1);
  });
});
