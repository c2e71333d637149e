import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlePageMessage, pageMessageHandlers } from '../../src/download-worker/page-messages';
import {
  DOWNLOAD_PATH,
  PAGE_MESSAGE_TYPES,
  PAGE_PORT_MESSAGE_TYPES,
  WORKER_ERROR_REASONS,
  WORKER_REPLY_TYPES,
  type PageMessage,
  type WorkerErrorReason,
  type WorkerReply,
} from '../../src/download-worker/protocol';
import { serveDownload } from '../../src/download-worker/serve';
import { failureMessage } from '../../src/features/downloads/engines/download-failure';
import {
  failureFromWorker,
  streamThroughWorker,
} from '../../src/features/downloads/engines/worker-download';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import type { DownloadProgress } from '../../src/lib/download-progress';

/**
 * The download worker's protocol (src/download-worker/protocol.ts), both ways: every message one
 * side can send, taken from the protocol's own lists, is sent to the other side's real code, which
 * must act on it. A new kind of message fails to compile here (the tables below are keyed by the
 * unions) until both a handler and a case exist.
 */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A worker's 'ready': the job is held under a random 128-bit id. */
function expectReady(reply: unknown) {
  expect(reply).toMatchObject({ type: 'ready' });
  expect((reply as { id: unknown }).id).toMatch(/^[0-9a-f]{32}$/);
}

/** The next message on `port`. */
function nextMessage(port: MessagePort): Promise<unknown> {
  return new Promise((resolve) => {
    port.onmessage = (event: MessageEvent) => resolve(event.data);
  });
}

describe('the page handles every reply the worker sends', () => {
  /** A page job (Download all's stream) whose worker is the test: its replies go to the page. */
  function startJob() {
    let workerPort: MessagePort | undefined;
    const worker = {
      postMessage: (_message: PageMessage, transfer: Transferable[] = []) => {
        workerPort ??= transfer[0] as MessagePort;
      },
    } as unknown as ServiceWorker;
    const progress: DownloadProgress[] = [];
    const job = streamThroughWorker(
      worker,
      { stream: new ReadableStream<Uint8Array>(), fileName: 'all.zip', size: 2048 },
      {
        signal: new AbortController().signal,
        stallTimeoutMs: 60_000,
        onProgress: (update) => progress.push(update),
      },
    );
    job.catch(() => undefined);
    const send = (reply: WorkerReply) => workerPort!.postMessage(reply);
    return { job, progress, send };
  }

  /** For each reply: what the agent's page does with it. */
  const cases: {
    [Type in WorkerReply['type']]: (job: ReturnType<typeof startJob>) => Promise<void>;
  } = {
    ready: async ({ send }) => {
      send({ type: 'ready', id: 'abc' });
      await vi.waitFor(() =>
        expect(document.querySelector('iframe')?.getAttribute('src')).toBe(`${DOWNLOAD_PATH}abc`),
      );
    },
    started: async ({ send, progress }) => {
      send({ type: 'started', total: 2048 });
      await vi.waitFor(() => expect(progress).toEqual([{ received: 0, total: 2048 }]));
    },
    progress: async ({ send, progress }) => {
      send({ type: 'progress', received: 1024, total: undefined });
      await vi.waitFor(() => expect(progress).toEqual([{ received: 1024, total: 2048 }]));
    },
    done: async ({ send, job }) => {
      send({ type: 'done', received: 2048 });
      await expect(job).resolves.toBe(2048);
    },
    cancelled: async ({ send, job }) => {
      send({ type: 'cancelled' });
      await expect(job.catch(failureMessage)).resolves.toBe(
        'Download cancelled. Nothing was saved.',
      );
    },
    error: async ({ send, job }) => {
      send({ type: 'error', reason: 'incomplete' });
      await expect(job.catch(failureMessage)).resolves.toBe(
        'The download was interrupted before the whole file arrived. Nothing was saved.',
      );
    },
  };

  it('has a case for every reply in the protocol', () => {
    expect(Object.keys(cases).sort()).toEqual([...WORKER_REPLY_TYPES].sort());
  });

  it.each(WORKER_REPLY_TYPES)('%s', async (type) => {
    await cases[type](startJob());
  });

  /** What the agent reads for each reason the worker gives. */
  const messages: { [Reason in WorkerErrorReason]: string } = {
    http: 'The service refused this download (HTTP 403). Nothing was saved.',
    network:
      'The download failed: the service could not be reached or the connection was lost. Nothing was saved.',
    incomplete: 'The download was interrupted before the whole file arrived. Nothing was saved.',
    invalid: 'Your browser could not start the download. Nothing was saved.',
    expired: 'Your browser could not start the download. Nothing was saved.',
  };

  it.each(WORKER_ERROR_REASONS)('tells the agent what a failure of reason %s means', (reason) => {
    const error = failureFromWorker[reason]({ type: 'error', reason, status: 403 });
    expect(failureMessage(error)).toBe(messages[reason]);
  });
});

describe('the worker handles every message the page sends', () => {
  const ownPage = { url: location.href };

  /** Posts `data` to the worker as this origin's page does, with a port for the replies. */
  function post(data: PageMessage) {
    const channel = new MessageChannel();
    const waitUntil = vi.fn();
    handlePageMessage({
      data,
      source: ownPage,
      ports: [channel.port2],
      waitUntil,
    } as unknown as ExtendableMessageEvent);
    return { port: channel.port1, waitUntil };
  }

  const ticket = (): PageMessage => ({
    type: 'fetch',
    url: 'https://service.example/attachments/1/data',
    token: 'token',
    fileName: 'report.pdf',
    size: 100_000_000,
    texts: { unnamedFile: 'attachment' },
  });

  /** For each message: what the worker does with it. */
  const cases: { [Type in PageMessage['type']]: () => Promise<void> } = {
    fetch: async () => {
      const { port } = post(ticket());
      expectReady(await nextMessage(port));
    },
    stream: async () => {
      const { port } = post({
        type: 'stream',
        stream: new ReadableStream<Uint8Array>(),
        fileName: 'all.zip',
        size: undefined,
        texts: { unnamedFile: 'attachment' },
      });
      expectReady(await nextMessage(port));
    },
    claim: async () => {
      const claim = vi.fn(() => Promise.resolve());
      vi.stubGlobal('clients', { claim });
      const { waitUntil } = post({ type: 'claim' });
      expect(claim).toHaveBeenCalledOnce();
      expect(waitUntil).toHaveBeenCalledWith(claim.mock.results[0]!.value);
    },
    'skip-waiting': async () => {
      const skipWaiting = vi.fn(() => Promise.resolve());
      vi.stubGlobal('skipWaiting', skipWaiting);
      const { waitUntil } = post({ type: 'skip-waiting' });
      expect(skipWaiting).toHaveBeenCalledOnce();
      expect(waitUntil).toHaveBeenCalledWith(skipWaiting.mock.results[0]!.value);
    },
    'config-source': async () => {
      // This page was given no config.json by the worker: it says it does not know.
      const { port } = post({ type: 'config-source' });
      expect(await nextMessage(port)).toEqual({ source: 'unknown' });
    },
    keepalive: async () => {
      // Receiving it is what keeps the worker alive: nothing is answered.
      const { port } = post({ type: 'keepalive' });
      const answered = await Promise.race([
        nextMessage(port).then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 50)),
      ]);
      expect(answered).toBe(false);
      expect(pageMessageHandlers.keepalive).toBeTypeOf('function');
    },
  };

  it('has a case for every message in the protocol', () => {
    expect(Object.keys(cases).sort()).toEqual([...PAGE_MESSAGE_TYPES].sort());
    expect(Object.keys(pageMessageHandlers).sort()).toEqual([...PAGE_MESSAGE_TYPES].sort());
  });

  it.each(PAGE_MESSAGE_TYPES)('%s', async (type) => {
    await cases[type]();
  });

  it.each(PAGE_PORT_MESSAGE_TYPES)('%s on a job it holds drops the job', async (type) => {
    const { port } = post(ticket());
    const { id } = (await nextMessage(port)) as { id: string };
    port.postMessage({ type });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answer = await serveDownload(new Request(`${location.origin}${DOWNLOAD_PATH}${id}`), id);
    // The empty page: the browser starts no download.
    expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBeNull();
  });

  it('ignores messages from another origin', async () => {
    const channel = new MessageChannel();
    handlePageMessage({
      data: ticket(),
      source: { url: 'https://evil.example/' },
      ports: [channel.port2],
      waitUntil: vi.fn(),
    } as unknown as ExtendableMessageEvent);
    const answered = await Promise.race([
      nextMessage(channel.port1).then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 50)),
    ]);
    expect(answered).toBe(false);
  });
});

describe('the reasons the worker gives', () => {
  it('refuses a ticket it cannot use with "invalid"', async () => {
    const channel = new MessageChannel();
    handlePageMessage({
      data: { type: 'fetch', url: 'javascript:alert(1)', token: 't', fileName: 'x', size: 1 },
      source: { url: location.href },
      ports: [channel.port2],
      waitUntil: vi.fn(),
    } as unknown as ExtendableMessageEvent);
    expect(await nextMessage(channel.port1)).toEqual({ type: 'error', reason: 'invalid' });
  });

  it('drops a ticket no frame asked for within 10 s with "expired"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const channel = new MessageChannel();
    const replies: WorkerReply[] = [];
    channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => replies.push(event.data);
    handlePageMessage({
      data: { type: 'fetch', url: 'https://service.example/a', token: 't', fileName: 'x', size: 1 },
      source: { url: location.href },
      ports: [channel.port2],
      waitUntil: vi.fn(),
    } as unknown as ExtendableMessageEvent);
    vi.advanceTimersByTime(10_000);
    vi.useRealTimers();
    await vi.waitFor(() =>
      expect(replies).toMatchObject([{ type: 'ready' }, { type: 'error', reason: 'expired' }]),
    );
  });
});

describe("the worker's words", () => {
  it("arrive with the job in the agent's language: the worker loads no catalogs", async () => {
    await act(() => activateLanguage(findLanguage('de')!));
    // The page's side talking to the worker's real code, as the browser would pass the messages.
    const worker = {
      postMessage: (message: PageMessage, transfer: Transferable[] = []) =>
        handlePageMessage({
          data: message,
          source: { url: location.href },
          ports: [transfer[0]],
          waitUntil: vi.fn(),
        } as unknown as ExtendableMessageEvent),
    } as unknown as ServiceWorker;
    const stream = new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
    const job = streamThroughWorker(
      worker,
      // A job without a name is saved under the worker's word for "attachment".
      { stream, fileName: '', size: undefined },
      { signal: new AbortController().signal, stallTimeoutMs: 60_000, onProgress: () => undefined },
    );
    job.catch(() => undefined);
    const frame = await vi.waitFor(() => {
      const found = document.querySelector('iframe');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(frame.title).toBe('Download');
    const id = frame.getAttribute('src')!.slice(DOWNLOAD_PATH.length);
    const answer = await serveDownload(new Request(`${location.origin}${DOWNLOAD_PATH}${id}`), id);
    expect(answer.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Anhang"; filename*=UTF-8''Anhang`,
    );
    await answer.body?.cancel();
  });
});
