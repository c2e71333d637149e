import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { buildServiceUrl, getJson, parseRetryAfter } from '../../src/api/http';
import { retryDelay, shouldRetry } from '../../src/api/retry';
import { ApiError } from '../../src/api/errors';
import { toMillis } from '../../src/lib/time';

describe('buildServiceUrl', () => {
  it('repeats array parameters instead of joining them', () => {
    const url = buildServiceUrl('https://api.example.com/v1/', '/conversations/list', {
      limit: 50,
      next: undefined,
      statusId: [1, 3],
    });
    expect(url.href).toBe(
      'https://api.example.com/v1/conversations/list?limit=50&statusId=1&statusId=3',
    );
  });
});

describe('getJson', () => {
  it("sends the token and no cookies, and keeps the answer out of the browser's cache", async () => {
    const inits: (RequestInit | undefined)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
      inits.push(init);
      return Promise.resolve(Response.json({ ok: true }));
    });
    const session = { serviceUrl: 'https://svc.test/api', token: 'secret' };
    await expect(getJson(session, '/x', {}, v.object({ ok: v.boolean() }))).resolves.toEqual({
      ok: true,
    });
    expect(inits).toEqual([
      expect.objectContaining({
        headers: { Authorization: 'Bearer secret', Accept: 'application/json' },
        credentials: 'omit',
        cache: 'no-store',
      }),
    ]);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.UTC(2015, 9, 21, 7, 28, 0))).toBe(
      10_000,
    );
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('retry policy', () => {
  const error = (status: number, retryAfterMs?: number) =>
    new ApiError({ kind: 'service', type: 'x', message: 'x', status, retryAfterMs });

  it('retries network errors, timeouts, 408, 429 and 5xx at most 3 times', () => {
    expect(shouldRetry(0, new ApiError({ kind: 'network', type: 'n', message: 'n' }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ kind: 'timeout', type: 't', message: 't' }))).toBe(true);
    for (const status of [408, 429, 500, 502, 503])
      expect(shouldRetry(2, error(status))).toBe(true);
    expect(shouldRetry(3, error(503))).toBe(false);
  });

  it('never retries a validation error or another 4xx', () => {
    expect(shouldRetry(0, error(400))).toBe(false);
    expect(shouldRetry(0, error(401))).toBe(false);
    expect(shouldRetry(0, error(404))).toBe(false);
  });

  it('backs off exponentially with jitter, honouring Retry-After', () => {
    expect(retryDelay(0, error(500), () => 0)).toBe(250);
    expect(retryDelay(2, error(500), () => 1)).toBe(2000);
    expect(retryDelay(0, error(429, 4000), () => 0)).toBe(4000);
  });
});

describe('toMillis', () => {
  it('tells seconds from milliseconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
  });
});
