import type { DownloadProgress } from '../../../lib/download-progress';

export interface ThrottledProgress<T extends DownloadProgress = DownloadProgress> {
  report: (progress: T) => void;
  /** Drops a pending update (the download ended). */
  stop: () => void;
}

/**
 * Passes progress on at most once per `intervalMs`, always including the latest value: an update
 * that arrives too soon is delivered when the interval ends, so a transfer that pauses never
 * shows stale numbers. The first update and the last byte go through at once.
 */
export function throttleProgress<T extends DownloadProgress = DownloadProgress>(
  listener: (progress: T) => void,
  intervalMs: number,
): ThrottledProgress<T> {
  let last = -Infinity;
  let pending: T | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function deliver(progress: T) {
    last = performance.now();
    pending = null;
    listener(progress);
  }

  return {
    report(progress) {
      if (stopped) return;
      const complete = progress.total !== undefined && progress.received >= progress.total;
      const wait = last + intervalMs - performance.now();
      if (complete || wait <= 0) {
        clearTimeout(timer);
        timer = undefined;
        deliver(progress);
        return;
      }
      pending = progress;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (!stopped && pending) deliver(pending);
      }, wait);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
