// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { handleServiceRequest } from '../../service-double/handler';
import { SHOWCASE_RANKS } from '../../service-double/messages';
import { createNodeHandler } from '../../service-double/node-adapter';
import { createServiceState, DEMO_TOKEN } from '../../service-double/state';
import { toFetchResponse } from '../../service-double/web-adapter';

const headers = { Authorization: `Bearer ${DEMO_TOKEN}` };

describe('handleServiceRequest', () => {
  it('infers the base path from the route and returns JSON as a string', async () => {
    const state = createServiceState({ conversations: 50 });
    const id = state.dataset.list()[SHOWCASE_RANKS.gallery]!.id;
    const response = await handleServiceRequest(state, {
      method: 'GET',
      url: `http://service.test/api/conversations/${id}/messages?limit=5`,
      headers,
    });
    expect(response.status).toBe(200);
    expect(typeof response.body).toBe('string');
    const body = JSON.parse(response.body as string) as {
      data: { attachments?: { url: string }[] }[];
    };
    const urls = body.data.flatMap((m) => m.attachments ?? []).map((a) => a.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls)
      expect(u).toMatch(/^http:\/\/service\.test\/api\/attachments\/c\d+-m\d+-a\d+\/data$/);
    expect(state.requests[0]!.path).toBe(`/conversations/${id}/messages`);
  });

  it('honours an explicit basePath and publicUrl', async () => {
    const state = createServiceState({
      conversations: 50,
      publicUrl: 'https://files.example/svc/',
    });
    const outside = await handleServiceRequest(state, {
      method: 'GET',
      url: 'http://service.test/other/conversations/list',
      headers,
      basePath: '/api',
    });
    expect(outside.status).toBe(404);
    const id = state.dataset.list()[SHOWCASE_RANKS.gallery]!.id;
    const inside = await handleServiceRequest(state, {
      method: 'GET',
      url: `http://service.test/api/conversations/${id}/messages`,
      headers,
      basePath: '/api',
    });
    expect(inside.body).toContain('"url":"https://files.example/svc/attachments/');
  });

  it('answers unknown routes with not_found and other methods with 405', async () => {
    const state = createServiceState({ conversations: 10 });
    const unknown = await handleServiceRequest(state, {
      method: 'GET',
      url: 'http://x/nope',
      headers,
    });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body as string)).toMatchObject({ errors: [{ type: 'not_found' }] });
    const post = await handleServiceRequest(state, {
      method: 'POST',
      url: 'http://x/conversations/list',
      headers,
    });
    expect(post.status).toBe(405);
    expect(post.headers['Allow']).toBe('GET, OPTIONS');
    expect(post.headers['Content-Type']).toMatch(/^application\/json/);
  });
});

describe('toFetchResponse', () => {
  it('streams attachment bodies and turns faults into network behaviour', async () => {
    const state = createServiceState({ conversations: 10 });
    const docId = state
      .messagesOf(state.dataset.list()[SHOWCASE_RANKS.hostileNames]!.id)![1]!
      .attachments.find((a) => a.fileName === 'report.pdf')!.docId;
    const request = { method: 'GET', url: `http://x/attachments/${docId}/data`, headers };
    const ok = await toFetchResponse(await handleServiceRequest(state, request));
    expect((await ok.arrayBuffer()).byteLength).toBe(Number(ok.headers.get('content-length')));

    state.faults.enqueue({ kind: 'truncate', on: 'attachments' });
    const truncated = await toFetchResponse(await handleServiceRequest(state, request));
    await expect(truncated.arrayBuffer()).rejects.toThrow();

    state.faults.enqueue({ kind: 'reset', on: 'attachments' });
    const reset = await toFetchResponse(await handleServiceRequest(state, request));
    expect(reset.type).toBe('error');

    state.faults.enqueue({ kind: 'hang', on: 'attachments' });
    const controller = new AbortController();
    const hung = toFetchResponse(await handleServiceRequest(state, request), controller.signal);
    controller.abort();
    await expect(hung).rejects.toThrow();
  });
});

describe('createNodeHandler', () => {
  it('serves under its base path and passes other requests to next()', async () => {
    const state = createServiceState({ conversations: 20 });
    const handler = createNodeHandler(state, { basePath: '/demo-service' });
    const server = createServer((req, res) =>
      handler(req, res, () => {
        res.writeHead(418).end('next');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const inside = await fetch(`${origin}/demo-service/conversations/list`, { headers });
      expect(inside.status).toBe(200);
      const outside = await fetch(`${origin}/index.html`);
      expect(outside.status).toBe(418);
      expect(await outside.text()).toBe('next');
      // A look-alike prefix is not the base path.
      expect((await fetch(`${origin}/demo-service-x/conversations/list`, { headers })).status).toBe(
        418,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
