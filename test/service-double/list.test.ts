// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AUTH, getJson, isOrdered, pageAll, start } from './helpers';

describe('GET /conversations/list', () => {
  it('returns the first page newest-updated first with the default limit of 25', async () => {
    const { url } = await start();
    const { status, body, response } = await getJson(`${url}/conversations/list`);
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.errors).toBeUndefined();
    expect(body.data!.length).toBeGreaterThanOrEqual(23);
    expect(body.data!.length).toBeLessThanOrEqual(26);
    expect(isOrdered(body.data!)).toBe(true);
    expect(body.pagination).toEqual({ more: true, next: String(body.data!.length) });
    for (const c of body.data!) {
      expect(Object.keys(c).sort()).toEqual([
        'contactId',
        'createdAt',
        'id',
        'inboxId',
        'status',
        'updatedAt',
      ]);
      expect(['open', 'closed', 'pending']).toContain(c.status);
      expect(c.updatedAt).toBeGreaterThanOrEqual(c.createdAt);
      // Seconds, not milliseconds.
      expect(c.updatedAt).toBeLessThan(1e10);
    }
  });

  it('accepts limit 50 and returns at most limit + 1', async () => {
    const { url } = await start();
    const { status, body } = await getJson(`${url}/conversations/list?limit=50`);
    expect(status).toBe(200);
    expect(body.data!.length).toBeGreaterThanOrEqual(48);
    expect(body.data!.length).toBeLessThanOrEqual(51);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=-1', 'limit'],
    ['statusId=4', 'statusId'],
    ['statusId=open', 'statusId'],
    ['statusId=1,3', 'statusId'],
    ['next=-1', 'next'],
    ['next=abc', 'next'],
    ['next=1.5', 'next'],
  ])('rejects %s with a validation error on param %s and no data', async (query, param) => {
    const { url } = await start();
    const { status, body } = await getJson(`${url}/conversations/list?${query}`);
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.pagination).toBeUndefined();
    expect(body.errors!.length).toBeGreaterThanOrEqual(1);
    expect(body.errors![0]).toMatchObject({ type: 'validation_error', param });
    expect(body.errors![0]!.message).toBeTruthy();
  });

  it('explains that statusId must be repeated rather than comma-joined', async () => {
    const { url } = await start();
    const { body } = await getJson(`${url}/conversations/list?statusId=1,3`);
    expect(body.errors![0]!.message).toMatch(/repeated/);
  });

  it('ignores unknown parameters', async () => {
    const { url } = await start();
    const { status, body } = await getJson(`${url}/conversations/list?foo=bar&limit=5`);
    expect(status).toBe(200);
    expect(body.data!.length).toBeGreaterThan(0);
  });

  it('filters by one status and by several repeated statuses', async () => {
    const { url } = await start();
    const closed = (await pageAll(`${url}/conversations/list`, 'statusId=2&limit=50')).flatMap(
      (p) => p.data!,
    );
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((c) => c.status === 'closed')).toBe(true);
    const openOrPending = (
      await pageAll(`${url}/conversations/list`, 'statusId=1&statusId=3&limit=50')
    ).flatMap((p) => p.data!);
    expect(new Set(openOrPending.map((c) => c.status))).toEqual(new Set(['open', 'pending']));
    const all = (await pageAll(`${url}/conversations/list`, 'limit=50')).flatMap((p) => p.data!);
    expect(closed.length + openOrPending.length).toBe(all.length);
    expect(isOrdered(openOrPending)).toBe(true);
  });

  it('pages through 1000 conversations seeing each exactly once, with page sizes that vary', async () => {
    const { url } = await start({ conversations: 1000 });
    const pages = await pageAll(`${url}/conversations/list`, 'limit=20');
    const items = pages.flatMap((p) => p.data!);
    expect(items.length).toBe(1000);
    expect(new Set(items.map((c) => c.id)).size).toBe(1000);
    expect(isOrdered(items)).toBe(true);
    // pagination is present on every page but the last.
    expect(pages.slice(0, -1).every((p) => p.pagination?.more === true)).toBe(true);
    expect(pages.at(-1)!.pagination).toBeUndefined();
    expect(pages.at(-1)!.data!.length).toBeGreaterThan(0);
    const sizes = new Set(pages.slice(0, -1).map((p) => p.data!.length));
    expect([...sizes].some((size) => size !== 20)).toBe(true);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    // Cursors are strings holding integers.
    for (const page of pages.slice(0, -1)) expect(page.pagination!.next).toMatch(/^\d+$/);
  });

  it('answers a cursor beyond the end with an empty last page', async () => {
    const { url } = await start();
    const { status, body } = await getJson(`${url}/conversations/list?next=100000`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: [] });
  });

  it('returns the same data for the same seed', async () => {
    const a = await start({ seed: 7 });
    const b = await start({ seed: 7 });
    const c = await start({ seed: 8 });
    const first = (await getJson(`${a.url}/conversations/list`)).body;
    expect((await getJson(`${b.url}/conversations/list`)).body).toEqual(first);
    expect((await getJson(`${c.url}/conversations/list`)).body).not.toEqual(first);
  });

  it('moves a touched conversation to the top', async () => {
    const { url, state } = await start();
    const ordered = state.dataset.list();
    const deep = ordered[100]!;
    state.touch(deep.id);
    const { body } = await getJson(`${url}/conversations/list?limit=5`, AUTH);
    expect(body.data![0]!.id).toBe(deep.id);
    expect(body.data![0]!.updatedAt).toBeGreaterThan(body.data![1]!.updatedAt);
    state.reset();
    expect(state.dataset.list()[100]!.id).toBe(deep.id);
  });

  it('touches a deep conversation every N list requests', async () => {
    const { url, state } = await start({ touchEveryListRequests: 2 });
    const before = state.dataset
      .list()
      .slice(0, 60)
      .map((c) => c.id);
    await getJson(`${url}/conversations/list?limit=5`);
    expect(state.stats.touches).toBe(0);
    await getJson(`${url}/conversations/list?limit=5`);
    expect(state.stats.touches).toBe(1);
    const top = state.dataset.list()[0]!.id;
    expect(before).not.toContain(top);
  });
});
