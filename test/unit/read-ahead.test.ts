import { describe, expect, it, vi } from 'vitest';
import type { ConversationPage } from '../../src/api/schemas';
import { ReadAhead } from '../../src/features/conversations/read-ahead';

const page = (next?: string): ConversationPage => ({
  data: [],
  ...(next === undefined ? {} : { pagination: { more: true, next } }),
});

describe('ReadAhead', () => {
  it('fetches the next page early only while the agent follows the end', async () => {
    const fetchPage = vi.fn((next: string) => Promise.resolve(page(String(Number(next) + 1))));
    const readAhead = new ReadAhead();
    readAhead.after(page('2'), fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();

    readAhead.setFollowing(true);
    readAhead.after(page('2'), fetchPage);
    readAhead.after(page('2'), fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    const signal = new AbortController().signal;
    await expect(readAhead.take('2', signal)).resolves.toEqual(page('3'));
    // Handed out once: a retry of the same cursor fetches for real.
    expect(readAhead.take('2', signal)).toBeUndefined();
  });

  it('never requests a cursor that was requested before', () => {
    const fetchPage = vi.fn(() => Promise.resolve(page()));
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    expect(readAhead.take('5', new AbortController().signal)).toBeUndefined();
    readAhead.after(page('5'), fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('passes a failure on to whoever takes the page, and aborts on dispose', async () => {
    let seen: AbortSignal | undefined;
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    readAhead.after(page('2'), (_next, signal) => {
      seen = signal;
      return Promise.reject(new Error('503'));
    });
    await expect(readAhead.take('2', new AbortController().signal)).rejects.toThrow('503');
    readAhead.dispose();
    expect(seen?.aborted).toBe(true);
  });

  it('gives up waiting when the query is cancelled', async () => {
    const readAhead = new ReadAhead();
    readAhead.setFollowing(true);
    readAhead.after(page('2'), () => new Promise(() => undefined));
    const controller = new AbortController();
    const taken = readAhead.take('2', controller.signal)!;
    controller.abort();
    await expect(taken).rejects.toThrow();
  });
});
