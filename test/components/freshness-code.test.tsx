import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { useFreshNewsCode } from '../../src/features/conversations/freshness-code';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import { ConfigProvider } from '../../src/lib/config-context';

type FreshNewsCode = typeof import('../../src/features/conversations/fresh-news');

afterEach(() => {
  vi.useRealTimers();
});

function Config({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider config={{ ...DEFAULT_CONFIG, pollIntervalMs: 30_000 }}>
      {children}
    </ConfigProvider>
  );
}

it('fetches the list’s freshness when the list is idle; offline, again a poll interval later; a later list has it at once', async () => {
  vi.useFakeTimers();
  const code = { FreshNews: () => null } as unknown as FreshNewsCode;
  const load = vi
    .fn<() => Promise<FreshNewsCode>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValue(code);

  const first = renderHook(() => useFreshNewsCode(load), { wrapper: Config });
  // Not while the list is being drawn: when it is idle (here the fallback's 500 ms).
  expect(load).not.toHaveBeenCalled();
  await act(() => vi.advanceTimersByTimeAsync(500));
  expect(load).toHaveBeenCalledTimes(1);
  expect(first.result.current).toBeUndefined();

  // The failure is not final: the next try comes at the checks' pace, then when idle.
  await act(() => vi.advanceTimersByTimeAsync(29_000));
  expect(load).toHaveBeenCalledTimes(1);
  await act(() => vi.advanceTimersByTimeAsync(1_500));
  expect(load).toHaveBeenCalledTimes(2);
  expect(first.result.current).toBe(code);

  const later = renderHook(() => useFreshNewsCode(load), { wrapper: Config });
  expect(later.result.current).toBe(code);
  expect(load).toHaveBeenCalledTimes(2);
});
