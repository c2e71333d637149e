import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestAttachment } from '../../src/api/attachments';
import { ApiError } from '../../src/api/errors';
import { MAX_RETRIES, withRetries } from '../../src/api/retry';

afterEach(() => {
  vi.useRealTimers();
});

const transient = (retryAfterMs?: number) =>
  new ApiError({ kind: 'service', type: 'http_503', message: '503', status: 503, retryAfterMs });

/** Runs `withRetries` on fake timers; returns the times (ms) at which each attempt started. */
async function attemptTimes(errors: Error[], retries?: number) {
  vi.useFakeTimers();
  const times: number[] = [];
  const start = Date.now();
  const run = withRetries(
    () => {
      times.push(Date.now() - start);
      const error = errors.shift();
      return error === undefined ? Promise.resolve('ok') : Promise.reject(error);
    },
    { signal: new AbortController().signal, retries },
  );
  const settled = run.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return { times, result: await settled };
}

describe('withRetries (the policy for requests React Query does not run)', () => {
  it('waits what Retry-After asked for before trying again', async () => {
    const { times, result } = await attemptTimes([transient(2000)]);
    expect(times).toEqual([0, 2000]);
    expect(result).toEqual({ value: 'ok' });
  });

  it('retries at most three times, with growing backoff when the service says nothing', async () => {
    const { times, result } = await attemptTimes([1, 2, 3, 4].map(() => transient()));
    expect(times).toHaveLength(1 + MAX_RETRIES);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    // Full jitter between half and all of 500 ms, 1 s, 2 s.
    expect(gaps[0]).toBeGreaterThanOrEqual(250);
    expect(gaps[2]).toBeGreaterThanOrEqual(1000);
    expect(result).toMatchObject({ error: { status: 503 } });
  });

  it('never retries what will fail the same way again (404, 401, a non-ApiError)', async () => {
    const notFound = new ApiError({ kind: 'service', type: 'x', message: '', status: 404 });
    expect((await attemptTimes([notFound])).times).toEqual([0]);
    expect((await attemptTimes([new Error('bug')])).times).toEqual([0]);
  });

  it('can be turned off (tests), and stops waiting when aborted', async () => {
    expect((await attemptTimes([transient(10)], 0)).times).toEqual([0]);

    const controller = new AbortController();
    const run = withRetries(() => Promise.reject(transient(60_000)), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(run).rejects.toThrow();
  });
});

describe('requestAttachment', () => {
  it('sends only the token, honours Retry-After as an HTTP date, and resolves with the OK answer', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    const answers = [
      new Response('busy', {
        status: 429,
        headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:03 GMT' },
      }),
      new Response('bytes', { status: 200 }),
    ];
    const calls: { at: number; init: RequestInit | undefined }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
      calls.push({ at: Date.now(), init });
      return Promise.resolve(answers.shift()!);
    });
    const run = requestAttachment('https://svc.test/attachments/1/data', 'secret', {
      signal: new AbortController().signal,
    });
    await vi.runAllTimersAsync();
    expect(await (await run).text()).toBe('bytes');
    expect(calls[1]!.at - calls[0]!.at).toBe(3000);
    expect(calls[0]!.init).toMatchObject({
      headers: { Authorization: 'Bearer secret' },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
    });
  });

  it('throws the status once the retries are spent', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response('', { status: 503 })),
    );
    await expect(
      requestAttachment('https://svc.test/a', 't', {
        signal: new AbortController().signal,
        retries: 0,
      }),
    ).rejects.toMatchObject({ status: 503, isRetryable: true });
  });
});
