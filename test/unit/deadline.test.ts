import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeadline, sleep } from '../../src/api/deadline';
import { ApiError } from '../../src/api/errors';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => undefined);

/** Settles `promise` into a value or an error, so fake time can run while it is pending. */
function outcome<T>(promise: Promise<T>) {
  const result: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(result, { value, settled: true }),
    (error: unknown) => Object.assign(result, { error, settled: true }),
  );
  return result;
}

describe('createDeadline', () => {
  it('lets a request that answers in time through, and stops timing once disposed', async () => {
    const deadline = createDeadline({ timeoutMs: 1000 });
    await expect(deadline.race(Promise.resolve('answer'))).resolves.toBe('answer');
    deadline.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.reason).toBeUndefined();
  });

  it('ends a request that takes longer than its timeout, as a timeout', async () => {
    const deadline = createDeadline({ timeoutMs: 30_000 });
    const waiting = outcome(deadline.race(never()));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(waiting.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.reason).toBe('timeout');
    expect(waiting.error).toMatchObject({
      kind: 'timeout',
      message: 'The service did not answer within 30 seconds.',
    });
    expect((waiting.error as ApiError).isRetryable).toBe(true);
  });

  it('counts a limit still being read from its own start, and names it when it ends', async () => {
    let giveLimit!: (ms: number) => void;
    const deadline = createDeadline({ timeoutMs: new Promise<number>((r) => (giveLimit = r)) });
    const waiting = outcome(deadline.race(never()));
    await vi.advanceTimersByTimeAsync(1000);
    giveLimit(3000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(waiting.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.reason).toBe('timeout');
    expect(waiting.error).toMatchObject({
      kind: 'timeout',
      message: 'The service did not answer within 3 seconds.',
    });
  });

  it('sets no timer for a limit that arrives after it was disposed, or that cannot be read', async () => {
    let giveLimit!: (ms: number) => void;
    const late = createDeadline({ timeoutMs: new Promise<number>((r) => (giveLimit = r)) });
    late.dispose();
    giveLimit(10);
    const unread = createDeadline({ timeoutMs: Promise.reject(new Error('no config')) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(late.reason).toBeUndefined();
    expect(unread.reason).toBeUndefined();
  });

  it('keeps a request alive while something arrives, and ends it as a stall when nothing does', async () => {
    const deadline = createDeadline({ stallMs: 100 });
    await vi.advanceTimersByTimeAsync(80);
    deadline.touch();
    await vi.advanceTimersByTimeAsync(80);
    // A retry's wait is a sign of life that lasts longer.
    deadline.touch(500);
    await vi.advanceTimersByTimeAsync(590);
    expect(deadline.reason).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10);
    expect(deadline.reason).toBe('stall');
    expect(deadline.error()).toMatchObject({ kind: 'stalled', detail: 100 });
    expect(deadline.error().isRetryable).toBe(false);
  });

  it("counts a stall only while waiting when the reader pulls at its own pace ('waiting')", async () => {
    const deadline = createDeadline({ stallMs: 100, stallWhile: 'waiting' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(deadline.reason).toBeUndefined();
    let answer: (value: string) => void = () => undefined;
    const first = deadline.race(new Promise<string>((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(90);
    answer('bytes');
    await expect(first).resolves.toBe('bytes');
    await vi.advanceTimersByTimeAsync(1000);
    expect(deadline.reason).toBeUndefined();
    const second = outcome(deadline.race(never()));
    await vi.advanceTimersByTimeAsync(100);
    expect(deadline.reason).toBe('stall');
    expect(second.error).toMatchObject({ kind: 'stalled' });
  });

  it("ends at once, as cancelled, when the caller's signal aborts, whatever the wait does", async () => {
    const caller = new AbortController();
    const deadline = createDeadline({ signal: caller.signal, timeoutMs: 1000, stallMs: 100 });
    const waiting = outcome(deadline.race(never()));
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.reason).toBe('cancelled');
    expect(waiting.error).toMatchObject({ kind: 'cancelled' });
    // A later timer does not change why it ended.
    await vi.advanceTimersByTimeAsync(2000);
    expect(deadline.reason).toBe('cancelled');
  });

  it('keeps the first reason, and passes a failure of its own through while it runs', async () => {
    const deadline = createDeadline({ stallMs: 100 });
    const refused = new ApiError({
      kind: 'service',
      type: 'http_403',
      message: '403',
      status: 403,
    });
    expect(deadline.error(refused)).toBe(refused);
    expect(deadline.error(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'network' });
    await expect(deadline.race(Promise.reject(refused))).rejects.toBe(refused);
    await vi.advanceTimersByTimeAsync(100);
    deadline.abort();
    expect(deadline.reason).toBe('stall');
    expect(deadline.error(refused)).toMatchObject({ kind: 'stalled' });
  });
});

describe('sleep', () => {
  it('waits the time it was given', async () => {
    const slept = outcome(sleep(500, new AbortController().signal));
    await vi.advanceTimersByTimeAsync(499);
    expect(slept.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(slept).toMatchObject({ settled: true, value: undefined });
    expect(slept.error).toBeUndefined();
  });

  it('stops waiting as soon as the signal aborts', async () => {
    const caller = new AbortController();
    const slept = outcome(sleep(60_000, caller.signal));
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(slept.error).toMatchObject({ kind: 'cancelled' });
  });
});
