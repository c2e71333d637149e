import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstPage } from '../../src/boot/first-page';
import { DEFAULT_CONFIG, type AppConfig } from '../../src/lib/config';

/*
 * The start-up request (src/boot/first-page.ts) goes out before config.json has been read, and
 * still ends at the config's listTimeoutMs counted from its own start.
 */

const session = { serviceUrl: 'https://svc.test/api', token: 'secret' };
let requested: string[];

beforeEach(() => {
  vi.useFakeTimers();
  requested = [];
  // A service that never answers: only the deadline ends the request.
  vi.spyOn(globalThis, 'fetch').mockImplementation((url, init) => {
    requested.push(url instanceof Request ? url.url : url.toString());
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
    );
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function outcome<T>(promise: Promise<T>) {
  const result: { error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    () => (result.settled = true),
    (error: unknown) => Object.assign(result, { error, settled: true }),
  );
  return result;
}

describe('the start-up request', () => {
  it("goes out before config.json is read, and ends at the config's listTimeoutMs from its start", async () => {
    let giveConfig!: (config: AppConfig) => void;
    const config = new Promise<AppConfig>((resolve) => (giveConfig = resolve));
    const firstPage = startFirstPage(session, '?status=open', config);
    const request = outcome(firstPage.request);
    expect(requested).toEqual(['https://svc.test/api/conversations/list?limit=50&statusId=1']);

    await vi.advanceTimersByTimeAsync(1000);
    giveConfig({ ...DEFAULT_CONFIG, listTimeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(3999);
    expect(request.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request.error).toMatchObject({
      kind: 'timeout',
      message: 'The service did not answer within 5 seconds.',
    });
  });

  it('keeps the default limit when config.json cannot be read', async () => {
    const request = outcome(
      startFirstPage(session, '', Promise.reject(new Error('config.json is not JSON'))).request,
    );
    expect(requested).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DEFAULT_CONFIG.listTimeoutMs - 1);
    expect(request.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request.error).toMatchObject({ kind: 'timeout' });
  });
});
