// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SHOWCASE_RANKS } from '../../service-double/messages';
import type { Conversation, Page } from './helpers';
import { AUTH, getJson, pageAll, start } from './helpers';

const list = (url: string) => fetch(`${url}/conversations/list?limit=5`, { headers: AUTH });

describe('queued faults', () => {
  it('answers each HTTP failure kind once, in order, then recovers', async () => {
    const { url, state } = await start({ retryAfterSeconds: 7 });
    state.faults.enqueue(
      '500',
      '502',
      '503',
      '429',
      'malformed-json',
      'errors-envelope',
      'html',
      '401',
    );

    const r500 = await list(url);
    expect(r500.status).toBe(500);
    expect(await r500.json()).toEqual({
      errors: [{ type: 'internal_error', message: 'An unexpected error occurred' }],
    });

    const r502 = await list(url);
    expect(r502.status).toBe(502);
    expect(r502.headers.get('content-type')).toMatch(/^text\/html/);
    await r502.text();

    for (const status of [503, 429]) {
      const response = await list(url);
      expect(response.status).toBe(status);
      expect(response.headers.get('retry-after')).toBe('7');
      const body = (await response.json()) as Page<Conversation>;
      expect(body.data).toBeUndefined();
      expect(body.errors!.length).toBe(1);
    }

    const malformed = await list(url);
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();

    const envelope = await list(url);
    expect(envelope.status).toBe(200);
    const body = (await envelope.json()) as Page<Conversation>;
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.type).toBeTruthy();

    const html = await list(url);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toMatch(/<html/);

    expect((await list(url)).status).toBe(401);
    expect((await list(url)).status).toBe(200);
    expect(state.requests.map((r) => r.fault)).toEqual([
      '500',
      '502',
      '503',
      '429',
      'malformed-json',
      'errors-envelope',
      'html',
      '401',
      undefined,
    ]);
  });

  it('resets the connection', async () => {
    const { url, state } = await start();
    state.faults.enqueue('reset');
    await expect(list(url)).rejects.toThrow();
    expect((await list(url)).status).toBe(200);
  });

  it('hangs until the client gives up, without blocking shutdown', async () => {
    const { url, state } = await start();
    state.faults.enqueue('hang');
    const started = Date.now();
    await expect(
      fetch(`${url}/conversations/list`, { headers: AUTH, signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    state.faults.enqueue('hang');
    void fetch(`${url}/conversations/list`, { headers: AUTH }).catch(() => undefined);
    await expect.poll(() => state.requests.length).toBe(2);
  });

  it('applies queued faults to messages requests too, and attachment faults only to downloads', async () => {
    const { url, state } = await start();
    const id = state.dataset.list()[SHOWCASE_RANKS.gallery]!.id;
    state.faults.enqueue({ kind: '503', on: 'attachments' }, '500');
    expect((await fetch(`${url}/conversations/${id}/messages`, { headers: AUTH })).status).toBe(
      500,
    );
    const docId = state.messagesOf(id)![1]!.attachments[0]!.docId;
    expect((await fetch(`${url}/attachments/${docId}/data`, { headers: AUTH })).status).toBe(503);
    expect((await fetch(`${url}/attachments/${docId}/data`, { headers: AUTH })).status).toBe(200);
  });

  it('truncates a download after a full Content-Length', async () => {
    const { url, state } = await start();
    const docId = state
      .messagesOf(state.dataset.list()[SHOWCASE_RANKS.hostileNames]!.id)![1]!
      .attachments.find((a) => a.fileName === 'report.pdf')!.docId;
    state.faults.enqueue({ kind: 'truncate', on: 'attachments' });
    const response = await fetch(`${url}/attachments/${docId}/data`, { headers: AUTH });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(40_000);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('returns an empty page with a cursor to the same position, then the real page', async () => {
    const { url, state } = await start();
    state.faults.enqueue('empty-page');
    const empty = await getJson(`${url}/conversations/list?limit=5`);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.pagination!.more).toBe(true);
    const next = empty.body.pagination!.next;
    expect(next).toMatch(/^\d+$/);
    const real = await getJson(`${url}/conversations/list?limit=5&next=${next}`);
    expect(real.body.data![0]!.id).toBe(state.dataset.list()[0]!.id);
  });

  it('hands back the cursor it was asked with on a repeat-cursor fault', async () => {
    const { url, state } = await start();
    state.faults.enqueue('repeat-cursor');
    const { body } = await getJson(`${url}/conversations/list?limit=5&next=12`);
    expect(body.pagination!.next).toBe('12');
  });
});

describe('per-run faults', () => {
  it('draws failures reproducibly from the seed', async () => {
    const statuses = async (faultSeed: number) => {
      const { url } = await start({ failureRate: 0.5, failureKinds: ['500', '503'], faultSeed });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) {
        const response = await list(url);
        await response.arrayBuffer();
        out.push(response.status);
      }
      return out;
    };
    const first = await statuses(3);
    expect(await statuses(3)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500, 503]));
    expect(await statuses(4)).not.toEqual(first);
  });

  it('leaves downloads alone for kinds that make no sense there', async () => {
    const { url, state } = await start({ failureRate: 1, failureKinds: ['malformed-json'] });
    const docId = state.messagesOf(state.dataset.list()[SHOWCASE_RANKS.gallery]!.id)![1]!
      .attachments[0]!.docId;
    expect((await fetch(`${url}/attachments/${docId}/data`, { headers: AUTH })).status).toBe(200);
    await expect((await list(url)).json()).rejects.toThrow();
  });

  it('still reaches the end with empty pages everywhere, seeing every conversation once', async () => {
    const { url } = await start({ emptyPagesWithCursor: 1 });
    const pages = await pageAll(`${url}/conversations/list`, 'limit=25');
    const ids = pages.flatMap((p) => p.data!).map((c) => c.id);
    expect(ids.length).toBe(300);
    expect(new Set(ids).size).toBe(300);
    expect(pages.filter((p) => p.data!.length === 0 && p.pagination).length).toBeGreaterThan(5);
    const cursors = pages.map((p) => p.pagination?.next);
    expect(cursors.every((c, i) => i === 0 || c !== cursors[i - 1])).toBe(true);
  });

  it('sets a loop trap on the given page', async () => {
    const { url } = await start({ repeatCursor: 3 });
    const seen = new Set<string>();
    let next: string | undefined;
    let trapped = false;
    for (let page = 1; page < 10; page++) {
      const { body } = await getJson(
        `${url}/conversations/list?limit=10${next ? `&next=${next}` : ''}`,
      );
      next = body.pagination?.next;
      if (next === undefined) break;
      if (seen.has(next)) {
        trapped = true;
        expect(page).toBe(3);
        break;
      }
      seen.add(next);
    }
    expect(trapped).toBe(true);
  });

  it('adds latency to every response', async () => {
    const { url } = await start({ latencyMs: 150 });
    const started = Date.now();
    await (await list(url)).arrayBuffer();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('can be changed at run time and restored with reset()', async () => {
    const { url, state } = await start();
    state.faults.failureRate = 1;
    state.faults.failureKinds = ['503'];
    expect((await list(url)).status).toBe(503);
    state.reset();
    expect(state.faults.failureRate).toBe(0);
    expect((await list(url)).status).toBe(200);
    expect(state.requests).toHaveLength(1);
  });
});
