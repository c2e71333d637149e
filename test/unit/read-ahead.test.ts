import { describe, expect, it, vi } from 'vitest';
import type { Conversation, ConversationPage } from '../../src/api/schemas';
import { ReadAhead } from '../../src/features/conversations/read-ahead';

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
