import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchConversationPage, MAX_PAGE_SIZE } from '../../src/api/conversations';
import { forgetRequestsAhead, sendJsonRequestsThrough } from '../../src/api/http';
import { readJsonAnswer } from '../../src/api/json-answer';
import {
  PING_ANSWER_MS,
  startRequestWorker,
  type RequestWorker,
} from '../../src/api/request-worker/client';
import { applyConnectPolicy } from '../../src/lib/connect-policy';
import type { PageMessage, WorkerMessage } from '../../src/api/request-worker/protocol';
import { serveJsonRequests, type PagePort } from '../../src/api/request-worker/serve-requests';
import { EARLY_PAGE_KEPT_MS } from '../../src/api/request-worker/early-next-page';
import { listRequests, server, TEST_SERVICE_URL, TEST_TOKEN, useService } from '../support/msw';

const session = { serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN };
const params = { statusIds: [], limit: MAX_PAGE_SIZE };
const LIST = `${TEST_SERVICE_URL}/conversations/list`;

afterEach(() => {
  sendJsonRequestsThrough(readJsonAnswer);
});

/**
 * A worker and its page in one thread, as the browser pairs them: each side's messages reach the
 * other in a later task, cloned. `serving: false` is a worker whose file has not loaded (yet);
 * `answering: false` one that said it was ready and has stopped without an error.
 */
function pairedWorker({ serving = true, answering = true } = {}) {
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
  if (serving && answering) serveJsonRequests(page);
  // A worker that said it was ready and then never answers again.
  else if (serving) page.postMessage({ type: 'ready' });
  return {
    worker,
    terminate,
    sent,
    /** The worker fails as a worker does (its file gone, an error): an `error` event. */
    fail: (type: 'error' | 'messageerror' = 'error') => toPage.dispatchEvent(new Event(type)),
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
    const pair = await started(pairedWorker());
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
    expect(pair.requests()).toHaveLength(2);
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
    expect(pair.sent).toContainEqual({ type: 'abort', id: pair.requests()[0]!.id });
  });

  it('times a request through the worker as in the page, and the worker gives it up too', async () => {
    const pair = await started(pairedWorker());
    server.use(http.get(LIST, () => delay('infinite')));
    await expect(
      fetchConversationPage(session, params, undefined, { timeoutMs: 50 }),
    ).rejects.toMatchObject({ kind: 'timeout', detail: 50 });
    expect(pair.sent).toContainEqual({ type: 'abort', id: pair.requests()[0]!.id });
  });

  it('a wrong service first, then the right one: both asked, before any connect policy', async () => {
    const pair = await started(pairedWorker());
    server.use(http.get('http://wrong.test/*', () => HttpResponse.error()));
    const wrong = { ...session, serviceUrl: 'http://wrong.test/api' };
    await expect(fetchConversationPage(wrong, params, undefined)).rejects.toMatchObject({
      kind: 'network',
    });
    expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
    expect(pair.requests()).toHaveLength(2);
  });

  it('until it says it is ready, the page makes the requests', async () => {
    const pair = await started(pairedWorker({ serving: false }));
    const page = await fetchConversationPage(session, params, undefined);
    expect(page.data).toHaveLength(50);
    expect(pair.requests()).toEqual([]);
  });

  it.each([
    { event: 'error', what: 'its file gone, an error in it' },
    { event: 'messageerror', what: 'a message the page cannot read' },
  ] as const)(
    'when it fails ($event: $what), the page makes the requests on their way and every later one',
    async ({ event }) => {
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
      pair.fail(event);
      expect((await onItsWay).data).toHaveLength(50);
      expect(pair.terminate).toHaveBeenCalled();
      expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
      expect(pair.requests()).toHaveLength(1);
    },
  );

  it('a request given up with no word from the worker: a ping, and no answer takes the requests back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const pair = pairedWorker({ answering: false });
    try {
      startRequestWorker(() => pair.worker);
      await vi.advanceTimersByTimeAsync(5);
      const first = fetchConversationPage(session, params, undefined, { timeoutMs: 1000 });
      const settled = first.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await settled).toMatchObject({ kind: 'timeout' });
      expect(pair.sent.at(-1)).toEqual({ type: 'ping' });
      await vi.advanceTimersByTimeAsync(PING_ANSWER_MS - 1);
      expect(pair.terminate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    expect(pair.terminate).toHaveBeenCalled();
    // Its retry, and every later request, the page's own.
    expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
    expect(pair.requests()).toHaveLength(1);
  });

  it('a worker that answers the ping stays in charge (a slow service, a cancel)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const pair = pairedWorker();
    server.use(http.get(LIST, () => delay('infinite'), { once: true }));
    try {
      startRequestWorker(() => pair.worker);
      await vi.advanceTimersByTimeAsync(5);
      const caller = new AbortController();
      const request = fetchConversationPage(session, params, undefined, { signal: caller.signal });
      const settled = request.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(5);
      caller.abort(new DOMException('Filter changed', 'AbortError'));
      expect(await settled).toMatchObject({ message: 'Filter changed' });
      expect(pair.sent).toContainEqual({ type: 'ping' });
      await vi.advanceTimersByTimeAsync(PING_ANSWER_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(pair.terminate).not.toHaveBeenCalled();
    expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
    expect(pair.requests()).toHaveLength(2);
  });

  it('a worker that cannot be created leaves the requests in the page', async () => {
    startRequestWorker(() => {
      throw new TypeError('threadline-request-worker: refused script URL');
    });
    expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
  });
  // Last: the page's connect policy, once applied, stays for the rest of this file (as in a page).
  it('tells the worker the connect policy once it is applied, and it keeps to it', async () => {
    const pair = await started(pairedWorker());
    applyConnectPolicy(new URL(TEST_SERVICE_URL).origin);
    expect((await fetchConversationPage(session, params, undefined)).data).toHaveLength(50);
    expect(pair.sent).toContainEqual({
      type: 'connect-only',
      origin: new URL(TEST_SERVICE_URL).origin,
    });
    // Another origin is refused in the worker, before any request.
    let reached = false;
    server.use(
      http.get('https://elsewhere.example/*', () => {
        reached = true;
        return HttpResponse.json({});
      }),
    );
    const elsewhere = { ...session, serviceUrl: 'https://elsewhere.example/api' };
    await expect(
      fetchConversationPage(elsewhere, params, undefined, { timeoutMs: 1000 }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(reached).toBe(false);
    expect(pair.sent.filter((message) => message.type === 'connect-only')).toHaveLength(1);
  });
});

describe('serveJsonRequests (the worker side)', () => {
  function served() {
    const answers: WorkerMessage[] = [];
    let listener: ((event: MessageEvent<PageMessage>) => void) | undefined;
    serveJsonRequests({
      postMessage: (message) => answers.push(message),
      addEventListener: (_type, handle) => (listener = handle),
    });
    const tell = (data: PageMessage) => listener!(new MessageEvent('message', { data }));
    return { answers, tell };
  }

  it('connects to http(s) only, and once the page names an origin, to that one only', async () => {
    server.use(http.get('https://elsewhere.example/*', () => HttpResponse.json({ there: true })));
    const { answers, tell } = served();
    tell({
      type: 'request',
      id: 1,
      url: 'https://elsewhere.example/conversations/list',
      headers: {},
    });
    tell({ type: 'request', id: 2, url: 'not a url', headers: {} });
    tell({ type: 'request', id: 3, url: 'data:application/json,{}', headers: {} });
    tell({ type: 'connect-only', origin: new URL(TEST_SERVICE_URL).origin });
    // Named once, like a policy: a second name changes nothing.
    tell({ type: 'connect-only', origin: 'https://elsewhere.example' });
    tell({
      type: 'request',
      id: 4,
      url: 'https://elsewhere.example/conversations/list',
      headers: {},
    });
    tell({ type: 'request', id: 5, url: `${LIST}?limit=50`, headers: {} });
    await vi.waitFor(() => expect(answers).toHaveLength(6));
    expect(answers[0]).toEqual({ type: 'ready' });
    expect(answers).toContainEqual({ type: 'failed', id: 2 });
    expect(answers).toContainEqual({ type: 'failed', id: 3 });
    expect(answers).toContainEqual({ type: 'failed', id: 4 });
    const answered = (id: number) =>
      answers.find((message) => message.type === 'answer' && message.id === id);
    expect(answered(1)).toMatchObject({ answer: { status: 200, body: { json: { there: true } } } });
    // No token in this request: the double's 401 envelope, read as an answer.
    expect(answered(5)).toMatchObject({ answer: { status: 401 } });
  });
});

/**
 * The service never answers a list page after the first (only the first `hanging` of them; the
 * double answers later ones): how many it was asked for, and whether one was given up.
 */
function hangPagesAfterTheFirst(hanging = Infinity) {
  const service = { asked: 0, sawAbort: false };
  server.use(
    http.get(LIST, async ({ request }) => {
      if (!new URL(request.url).searchParams.has('next')) return undefined;
      service.asked += 1;
      if (service.asked > hanging) return undefined;
      request.signal.addEventListener('abort', () => (service.sawAbort = true));
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
  return service;
}

describe('the next page started early (early-next-page.ts)', () => {
  const cursors = () => listRequests().map((query) => query.get('next'));
  const following = { nextWanted: true };

  it('starts the page after one whose next is wanted, and answers it from there when asked', async () => {
    const pair = await started(pairedWorker());
    // Filtered: the page's URL and the one the worker builds list their parameters in another
    // order (…&next=…&statusId=…, …&statusId=…&next=…), and are the same request.
    const filtered = { statusIds: [3, 1], limit: MAX_PAGE_SIZE };
    const first = await fetchConversationPage(session, filtered, undefined, following);
    // The service is asked for the second page before the page asks for it.
    await vi.waitFor(() => expect(cursors()).toEqual([null, first.pagination!.next]));
    const second = await fetchConversationPage(
      session,
      filtered,
      first.pagination!.next,
      following,
    );
    await vi.waitFor(() => expect(cursors()).toHaveLength(3));
    // Each page asked of the service once, the third started as the second arrived.
    expect(cursors()).toEqual([null, first.pagination!.next, second.pagination!.next]);
    expect(listRequests().map((query) => query.getAll('statusId'))).toEqual(
      Array(3).fill(['1', '3']),
    );
    expect(pair.requests().map((request) => request.page)).toEqual(
      Array(2).fill({ cursorParam: 'next', nextWanted: true }),
    );
    // The page as the service gives it when asked.
    expect(await fetchConversationPage(session, filtered, first.pagination!.next)).toEqual(second);
  });

  it('starts nothing for a page whose next is not wanted, nor after the last page', async () => {
    await started(pairedWorker());
    useService({ conversations: 60 });
    const first = await fetchConversationPage(session, params, undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cursors()).toEqual([null]);
    await fetchConversationPage(session, params, first.pagination!.next, following);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cursors()).toEqual([null, first.pagination!.next]);
  });

  it('starts nothing after a cursor the page would refuse (not an integer)', async () => {
    await started(pairedWorker());
    let asked = 0;
    server.use(
      http.get(LIST, () => {
        asked += 1;
        return HttpResponse.json({ data: [], pagination: { more: true, next: '../x' } });
      }),
    );
    await expect(
      fetchConversationPage(session, params, undefined, following),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(1);
  });

  it('starts nothing after a page that repeats a cursor asked for, or an empty one', async () => {
    await started(pairedWorker());
    // Page 3 sends back the cursor it was asked with: a loop, at which the page stops paging.
    useService({ conversations: 400, repeatCursor: 3 });
    const first = await fetchConversationPage(session, params, undefined);
    const second = await fetchConversationPage(session, params, first.pagination!.next, following);
    await vi.waitFor(() => expect(cursors()).toHaveLength(3));
    const third = await fetchConversationPage(session, params, second.pagination!.next, following);
    expect(third.pagination!.next).toBe(second.pagination!.next);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Asked once each; the repeated cursor not again.
    expect(cursors()).toEqual([null, first.pagination!.next, second.pagination!.next]);

    // An empty page with a cursor: the page stops after several in a row; nothing starts early.
    let asked = 0;
    server.use(
      http.get(LIST, () => {
        asked += 1;
        return HttpResponse.json({ data: [], pagination: { more: true, next: '950' } });
      }),
    );
    await fetchConversationPage(session, params, '900', following);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(1);
  });

  it('starts nothing after a loop back to any cursor of the list, asked while following or not; a first page starts afresh', async () => {
    await started(pairedWorker());
    const first = await fetchConversationPage(session, params, undefined);
    const c1 = first.pagination!.next;
    // Read before the agent followed the end: no early page, but its cursor counts.
    const second = await fetchConversationPage(session, params, c1);
    const c2 = second.pagination!.next;
    // The page at c2 sends the agent back to c1: the page stops there (paging.ts), and so does
    // the worker.
    server.use(
      http.get(LIST, ({ request }) =>
        new URL(request.url).searchParams.get('next') === c2
          ? HttpResponse.json({ data: second.data, pagination: { more: true, next: c1 } })
          : undefined,
      ),
    );
    await fetchConversationPage(session, params, c2, following);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cursors()).toEqual([null, c1]);

    // The list from its top again (a reload, another filter and back): c1 is no repeat now.
    server.resetHandlers();
    await fetchConversationPage(session, params, undefined);
    await fetchConversationPage(session, params, c1, following);
    await vi.waitFor(() => expect(cursors()).toEqual([null, c1, null, c1, c2]));
  });

  it('gives up a page started early when the session ends: the service sees it go', async () => {
    await started(pairedWorker());
    const service = hangPagesAfterTheFirst(1);
    const first = await fetchConversationPage(session, params, undefined, following);
    await vi.waitFor(() => expect(service.asked).toBe(1));
    forgetRequestsAhead();
    await vi.waitFor(() => expect(service.sawAbort).toBe(true));
    // Asked for after all (signed in again): a request of its own.
    expect(
      (await fetchConversationPage(session, params, first.pagination!.next)).data,
    ).toHaveLength(50);
    expect(service.asked).toBe(2);
  });

  it('answers anew a page asked for under another token, or after EARLY_PAGE_KEPT_MS', async () => {
    await started(pairedWorker());
    // Time moves on as it does (the paired worker's messages take a timer), and jumps when told.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const first = await fetchConversationPage(session, params, undefined, following);
      const next = first.pagination!.next;
      await vi.waitFor(() => expect(cursors()).toHaveLength(2));
      // Signed in again meanwhile: the early page, asked under the old token, is not used.
      const resignedIn = { ...session, token: 'another-token' };
      await expect(fetchConversationPage(resignedIn, params, next)).rejects.toMatchObject({
        status: 401,
      });
      expect(cursors()).toEqual([null, next, next]);

      await fetchConversationPage(session, params, undefined, following);
      await vi.waitFor(() => expect(cursors()).toHaveLength(5));
      await vi.advanceTimersByTimeAsync(EARLY_PAGE_KEPT_MS);
      // Paging rested past the time kept: the page is asked of the service again.
      await fetchConversationPage(session, params, next);
      expect(cursors()).toEqual([null, next, next, null, next, next]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an early page that got no answer is asked anew when the page asks', async () => {
    await started(pairedWorker());
    // The first request for a second page gets no answer (the connection drops).
    let dropped = 0;
    server.use(
      http.get(LIST, ({ request }) => {
        if (!new URL(request.url).searchParams.has('next') || dropped > 0) return undefined;
        dropped += 1;
        return HttpResponse.error();
      }),
    );
    const first = await fetchConversationPage(session, params, undefined, following);
    const next = first.pagination!.next;
    await vi.waitFor(() => expect(dropped).toBe(1));
    // What happened before the page asked does not fail the page's request.
    const second = await fetchConversationPage(session, params, next, following);
    expect(second.data).toHaveLength(50);
    await vi.waitFor(() => expect(cursors()).toHaveLength(3));
    expect(cursors()).toEqual([null, next, second.pagination!.next]);
  });

  it('an early page given up by the page that asked for it is aborted at the service', async () => {
    await started(pairedWorker());
    const service = hangPagesAfterTheFirst();
    const first = await fetchConversationPage(session, params, undefined, following);
    await vi.waitFor(() => expect(service.asked).toBe(1));
    const caller = new AbortController();
    const second = fetchConversationPage(session, params, first.pagination!.next, {
      signal: caller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort(new DOMException('Scrolled away', 'AbortError'));
    await expect(second).rejects.toThrow('Scrolled away');
    await vi.waitFor(() => expect(service.sawAbort).toBe(true));
    // Started early, then asked for: the service was asked once.
    expect(service.asked).toBe(1);
  });
});
