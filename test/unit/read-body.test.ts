import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeadline } from '../../src/api/deadline';
import { readBody } from '../../src/api/read-body';

afterEach(() => {
  vi.useRealTimers();
});

/** A body that sends `chunks` and then ends, or hangs when `hang` is set; records a cancel. */
function body(chunks: number[][], { hang = false } = {}) {
  const seen = { cancelled: false };
  const queue = chunks.map((bytes) => new Uint8Array(bytes));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else if (!hang) controller.close();
      else return new Promise<void>(() => undefined);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe('readBody', () => {
  it('reads every chunk, telling the bytes received so far after each', async () => {
    const { stream } = body([[1, 2], [3, 4, 5], [6]]);
    const progress: number[] = [];
    const read = await readBody(stream, {
      deadline: createDeadline({}),
      onProgress: (received) => progress.push(received),
    });
    expect(read.size).toBe(6);
    expect(read.tooLarge).toBe(false);
    expect(read.chunks.map((chunk) => [...chunk])).toEqual([[1, 2], [3, 4, 5], [6]]);
    expect(progress).toEqual([2, 5, 6]);
  });

  it('reads a missing body as empty', async () => {
    await expect(readBody(null, { deadline: createDeadline({}) })).resolves.toEqual({
      chunks: [],
      size: 0,
      tooLarge: false,
    });
  });

  it('keeps a slow body alive while chunks arrive, and fails it as stalled when they stop', async () => {
    vi.useFakeTimers();
    const { stream, seen } = body([[1], [2]], { hang: true });
    const deadline = createDeadline({ stallMs: 100 });
    await vi.advanceTimersByTimeAsync(90);
    const reading = readBody(stream, { deadline });
    const failed = expect(reading).rejects.toMatchObject({ kind: 'stalled', detail: 100 });
    // The chunks count as signs of life: the countdown starts again from the last one.
    await vi.advanceTimersByTimeAsync(99);
    expect(deadline.reason).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(seen.cancelled).toBe(true);
  });

  it('stops a body that grows past the cap, cancelling the rest', async () => {
    const { stream, seen } = body([[1, 2, 3], [4, 5, 6], [7]]);
    const read = await readBody(stream, { deadline: createDeadline({}), limit: 5 });
    expect(read).toMatchObject({ tooLarge: true, size: 6 });
    expect(read.chunks.map((chunk) => [...chunk])).toEqual([[1, 2, 3]]);
    expect(seen.cancelled).toBe(true);
  });

  it('reads a body of exactly the cap', async () => {
    const { stream, seen } = body([
      [1, 2, 3],
      [4, 5],
    ]);
    const read = await readBody(stream, { deadline: createDeadline({}), limit: 5 });
    expect(read).toMatchObject({ tooLarge: false, size: 5 });
    expect(seen.cancelled).toBe(false);
  });

  it('stops at once when the caller cancels, even if the transport never errors the read', async () => {
    const { stream, seen } = body([[1]], { hang: true });
    const caller = new AbortController();
    const reading = readBody(stream, { deadline: createDeadline({ signal: caller.signal }) });
    await Promise.resolve();
    caller.abort();
    await expect(reading).rejects.toMatchObject({ kind: 'cancelled' });
    expect(seen.cancelled).toBe(true);
  });
});
