import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchConversationPage, MAX_PAGE_SIZE } from '../../src/api/conversations';
import { sendJsonRequestsThrough } from '../../src/api/http';
import { readJsonAnswer } from '../../src/api/json-answer';
import { startRequestWorker, type RequestWorker } from '../../src/api/request-worker/client';
import type { PageMessage, WorkerMessage } from '../../src/api/request-worker/protocol';
import { serveJsonRequests, type PagePort } from '../../src/api/request-worker/serve-requests';
import { server, TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';

const session = { serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN };
const params = { statusIds: [], limit: MAX_PAGE_SIZE };
const LIST = `${TEST_SERVICE_URL}/conversations/list`;

afterEach(() => {
  sendJsonRequestsThrough(readJsonAnswer);
});

/**
 * A worker and its page in one thread, as the browser pairs them: each side's messages reach the
 * other in a later task, cloned. `serving: false` is a worker whose file has not loaded (yet).
 */
function pairedWorker({ serving = true } = {}) {
  const toPage = new EventTarget();
  const toWorker = new EventTarget();
  const sent: PageMessage[] = [];
  const deliver = (target: EventTarget, data: unknown) =>
    setTimeout(() =>
      target.dispatchEvent(new MessageEvent('message', { data: structuredClone(data) })),
    );
  const terminate = vi.fn();
  const worker: RequestWorker = {
    postMessage(message) {
      sent.push(message);
      deliver(toWorker, message);
    },
    addEventListener(type: string, listener: (event: never) => void) {
      toPage.addEventListener(type, listener as EventListener);
    },
    terminate,
  };
  const page: PagePort = {
    postMessage: (message: WorkerMessage) => deliver(toPage, message),
    addEventListener: (type, listener) =>
      toWorker.addEventListener(type, listener as EventListener),
  };
  if (serving) serveJsonRequests(page);
  return {
    worker,
    terminate,
    sent,
    /** The worker fails as a worker does (its file gone, an error): an `error` event. */
    fail: () => toPage.dispatchEvent(new Event('error')),
    requests: () => sent.filter((message) => message.type === 'request'),
  };
}

/** Starts the page's side on `pair` and waits for the worker's first message to arrive. */
async function started(pair: ReturnType<typeof pairedWorker>) {
  startRequestWorker(() => pair.worker);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return pair;
}

describe('the request worker', () => {
  it('makes the JSON requests once ready, and they read as the page reads them', async () => {
    const inPage = await fetchConversationPage(session, params, undefined);
    const pair = await started(pairedWorker());
    const throughWorker = await fetchConversationPage(session, params, undefined);
    expect(pair.requests()).toEqual([
      expect.objectContaining({
        url: `${LIST}?limit=50`,
        headers: { Authorization: `Bearer ${TEST_TOKEN}`, Accept: 'application/json' },
      }),
    ]);
    expect(throughWorker).toEqual(inPage);
    expect(throughWorker.data).toHaveLength(50);
  });

  it("keeps a 503's Retry-After and a broken body's meaning", async () => {
    await started(pairedWorker());
    server.use(
      http.get(
        LIST,
        () => new HttpResponse('busy', { status: 503, headers: { 'Retry-After': '2' } }),
        {
          once: true,
        },
      ),
      http.get(LIST, () => new HttpResponse('<html>', { status: 200 }), { once: true }),
    );
    await expect(fetchConversationPage(session, params, undefined)).rejects.toMatchObject({
      kind: 'service',
      status: 503,
      retryAfterMs: 2000,
    });
    await expect(fetchConversationPage(session, params, undefined)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('a request its caller gives up is aborted in the worker and never answered', async () => {
    const pair = await started(pairedWorker());
    let serviceSawAbort = false;
    server.use(
      http.get(LIST, async ({ request }) => {
        request.signal.addEventListener('abort', () => (serviceSawAbort = true));
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const caller = new AbortController();
    const request = fetchConversationPage(session, params, undefined, { signal: caller.signal });
    await vi.waitFor(() => expect(pair.requests()).toHaveLength(1));
    caller.abort(new DOMException('Filter changed', 'AbortError'));
    await expect(request).rejects.toThrow('Filter changed');
    await vi.waitFor(() => expect(serviceSawAbort).toBe(true));
    expect(pair.sent.at(-1)).toEqual({ type: 'abort', id: pair.requests()[0]!.id });
  });

  it('times a request through the worker as in the page', async () => {
    await started(pairedWorker());
    server.use(http.get(LIST, () => delay('infinite')));
    await expect(
      fetchConversationPage(session, params, undefined, { timeoutMs: 50 }),
    ).rejects.toMatchObject({ kind: 'timeout', detail: 50 });
  });

  it('until it says it is ready, the page makes the requests', async () => {
    const pair = await started(pairedWorker({ serving: false }));
    const page = await fetchConversationPage(session, params, undefined);
    expect(page.data).toHaveLength(50);
    expect(pair.requests()).toEqual([]);
  });

  it('when it fails, the page makes the requests on their way and every later one', async () => {
    const pair = await started(pairedWorker());
    // The worker's request hangs; the page's, made again after the failure, is answered.
    let hanging = false;
    server.use(
      http.get(
        LIST,
        () => {
          hanging = true;
          return delay('infinite');
        },
        { once: true },
      ),
    );
    const onItsWay = fetchConversationPage(session, params, undefined);
    await vi.waitFor(() => expect(hanging).toBe(true));
    expect(pair.requests()).toHaveLength(1);
    pair.fail();
    expect((await onItsWay).data).toHaveLength(50);
    expect(pair.terminate).toHaveBeenCalled();
    expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
    expect(pair.requests()).toHaveLength(1);
  });

  it('a worker that cannot be created leaves the requests in the page', async () => {
    startRequestWorker(() => {
      throw new TypeError('threadline-request-worker: refused script URL');
    });
    expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
  });
});

describe('serveJsonRequests (the worker side)', () => {
  it('connects only to the origin of its first request', async () => {
    const answers: WorkerMessage[] = [];
    let listener: ((event: MessageEvent<PageMessage>) => void) | undefined;
    serveJsonRequests({
      postMessage: (message) => answers.push(message),
      addEventListener: (_type, handle) => (listener = handle),
    });
    const ask = (data: PageMessage) => listener!(new MessageEvent('message', { data }));
    ask({ type: 'request', id: 1, url: `${LIST}?limit=50`, headers: {} });
    // Another origin: refused before any request (an unhandled request fails this test).
    ask({
      type: 'request',
      id: 2,
      url: 'https://elsewhere.example/conversations/list',
      headers: {},
    });
    ask({ type: 'request', id: 3, url: 'not a url', headers: {} });
    await vi.waitFor(() => expect(answers).toHaveLength(4));
    expect(answers[0]).toEqual({ type: 'ready' });
    expect(answers).toContainEqual({ type: 'failed', id: 2 });
    expect(answers).toContainEqual({ type: 'failed', id: 3 });
    // The first had no token: the double's 401 envelope, read as an answer.
    const first = answers.find((message) => message.type === 'answer');
    expect(first).toMatchObject({ type: 'answer', id: 1, answer: { status: 401 } });
  });
});
