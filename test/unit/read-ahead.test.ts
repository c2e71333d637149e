import { describe, expect, it, vi } from 'vitest';
import type { Conversation, ConversationPage } from '../../src/api/schemas';
import { HAND_OUT_EVERY_MS, ReadAhead } from '../../src/features/conversations/read-ahead';
import { ReadAheadHandle } from '../../src/features/conversations/read-ahead-handle';

const row = (id: number): Conversation => ({
  id,
  status: 'open',
  contactId: 1,
  inboxId: 1,
  createdAt: 0,
  updatedAt: 0,
});
/** Page `n` holds conversation n and points at n + 1, up to `last`. */
const pageOf = (n: number, last = 5): ConversationPage => ({
  data: [row(n)],
  ...(n < last ? { pagination: { more: true, next: String(n + 1) } } : {}),
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const signal = () => new AbortController().signal;

describe('ReadAhead', () => {
  it('fetches nothing ahead unless the agent follows the end', () => {
    const fetchPage = vi.fn((next: string) => Promise.resolve(pageOf(Number(next))));
    const readAhead = new ReadAhead();
    readAhead.after(pageOf(1), fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('chains requests back to back and hands out every arrived page in one batch', async () => {
    const fetchPage = vi.fn((next: string) => Promise.resolve(pageOf(Number(next))));
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    readAhead.after(pageOf(1), fetchPage);
    await flush();
    expect(fetchPage.mock.calls.map(([next]) => next)).toEqual(['2', '3', '4', '5']);

    const batch = await readAhead.take('2', signal());
    expect(batch?.data.map((conversation) => conversation.id)).toEqual([2, 3, 4, 5]);
    expect(batch?.pagination).toBeUndefined();
    // Handed out once; asking for a handed-out cursor again would loop.
    expect(readAhead.wasHandedOut('4')).toBe(true);
    expect(readAhead.take('2', signal())).toBeUndefined();
    expect(fetchPage).toHaveBeenCalledTimes(4);
  });

  it('never requests a cursor the list is fetching itself', () => {
    const fetchPage = vi.fn(() => Promise.resolve(pageOf(9)));
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    expect(readAhead.take('2', signal())).toBeUndefined();
    readAhead.after(pageOf(1), fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('passes a failure on once, then lets the list retry for real; dispose aborts', async () => {
    let seen: AbortSignal | undefined;
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    readAhead.after(pageOf(1), (_next, abortSignal) => {
      seen = abortSignal;
      return Promise.reject(new Error('503'));
    });
    await expect(readAhead.take('2', signal())).rejects.toThrow('503');
    expect(readAhead.take('2', signal())).toBeUndefined();
    expect(readAhead.wasHandedOut('2')).toBe(false);
    readAhead.dispose();
    expect(seen?.aborted).toBe(true);
  });

  it('never asks again for a cursor whose page failed: the list retries it under the retry policy', async () => {
    const fetchPage = vi.fn(() => Promise.reject(new Error('503')));
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    readAhead.after(pageOf(1), fetchPage);
    await flush();
    // The agent keeps scrolling at the end: the chain starts again from the same page.
    readAhead.setFollowing(false);
    readAhead.setFollowing(true);
    readAhead.setFollowing(true);
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await expect(readAhead.take('2', signal())).rejects.toThrow('503');
  });

  it('gives up waiting when the query is cancelled', async () => {
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    readAhead.after(pageOf(1), () => new Promise(() => undefined));
    const controller = new AbortController();
    const taken = readAhead.take('2', controller.signal)!;
    controller.abort();
    await expect(taken).rejects.toThrow();
  });
});

describe('ReadAhead pacing', () => {
  it('hands pages out at most every HAND_OUT_EVERY_MS while more are in flight, at once when the chain ends', async () => {
    vi.useFakeTimers();
    try {
      // Page n arrives n ms after it is requested; the chain runs pages 2…5, then ends.
      const fetchPage = vi.fn(
        (next: string) =>
          new Promise<ConversationPage>((resolve) =>
            setTimeout(() => resolve(pageOf(Number(next))), 10),
          ),
      );
      const readAhead = new ReadAhead();
      readAhead.setFollowing(true);
      readAhead.after(pageOf(1), fetchPage);

      const taking = readAhead.take('2', signal());
      await vi.advanceTimersByTimeAsync(10);
      const first = await taking;
      expect(first?.data.map((conversation) => conversation.id)).toEqual([2]);

      let second: ConversationPage | undefined;
      void readAhead.take('3', signal())?.then((page) => (second = page));
      // Page 3 has arrived, 4 is in flight: the list waits for the next hand-over.
      await vi.advanceTimersByTimeAsync(15);
      expect(fetchPage).toHaveBeenCalledTimes(3);
      expect(second).toBeUndefined();
      await vi.advanceTimersByTimeAsync(HAND_OUT_EVERY_MS);
      // Meanwhile the chain reached the end: everything arrived comes in one batch.
      expect(second?.data.map((conversation) => conversation.id)).toEqual([3, 4, 5]);
      expect(fetchPage).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not hold back the last page once nothing else is in flight', async () => {
    vi.useFakeTimers();
    try {
      const fetchPage = vi.fn((next: string) => Promise.resolve(pageOf(Number(next), 3)));
      const readAhead = new ReadAhead();
      readAhead.setFollowing(true);
      readAhead.after(pageOf(1, 3), fetchPage);
      await readAhead.take('2', signal());
      let last: ConversationPage | undefined;
      void readAhead.take('3', signal())?.then((page) => (last = page));
      await vi.advanceTimersByTimeAsync(0);
      expect(last?.data.map((conversation) => conversation.id)).toEqual([3]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ReadAheadHandle (the read-ahead arrives in its own chunk)', () => {
  it('lets the list fetch pages itself until the read-ahead is here, then never asks for those again', async () => {
    const handle = new ReadAheadHandle();
    handle.setFollowing(true);
    // Before the chunk is here: the list fetches page 2 itself.
    expect(handle.take('2', signal())).toBeUndefined();
    expect(handle.wasHandedOut('2')).toBe(false);
    const fetchPage = vi.fn((next: string) => Promise.resolve(pageOf(Number(next), 4)));
    handle.after(pageOf(1, 4), fetchPage);
    // Once here, it follows from the last page the list saw: page 2 is the list's own request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchPage).not.toHaveBeenCalled();
    handle.after(pageOf(2, 4), fetchPage);
    await vi.waitFor(() => expect(fetchPage).toHaveBeenCalledWith('3', expect.anything()));
    await flush();
    expect(fetchPage.mock.calls.map(([next]) => next)).toEqual(['3', '4']);
    const batch = await handle.take('3', signal());
    expect(batch?.data.map((conversation) => conversation.id)).toEqual([3, 4]);
    handle.dispose();
  });
});
