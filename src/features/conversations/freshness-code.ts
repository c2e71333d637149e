import { useEffect, useState } from 'react';
import { useConfig } from '../../lib/config-context';
import { codeOnce } from '../../lib/load-once';
import { whenIdle } from '../../lib/when-idle';

type FreshNewsCode = typeof import('./fresh-news');

/**
 * Fetches the list's freshness (fresh-news.tsx: the checks of the first page, the banner, the
 * title's count, the notifications). app/ gives it the pane's lazy chunk, as for the finder
 * (finder-code.ts).
 */
export type LoadFreshNews = () => Promise<FreshNewsCode>;

/** Once it has arrived, a list mounted later (another filter, Back) has it from its first render. */
const freshNewsCode = codeOnce<FreshNewsCode>();

export function loadFreshNewsCode(load: LoadFreshNews): Promise<FreshNewsCode> {
  return freshNewsCode.load(load);
}

/**
 * The freshness code, fetched when the list is idle: the first check is a poll interval away, so
 * it never waits for it. Until it is here the list shows no banner, as when nothing is new. A
 * failed fetch (offline) is tried again at the pace of the checks it stands for.
 */
export function useFreshNewsCode(load: LoadFreshNews): FreshNewsCode | undefined {
  const { pollIntervalMs } = useConfig();
  const [code, setCode] = useState(freshNewsCode.loaded);
  useEffect(() => {
    if (code) return;
    let live = true;
    let cancel: () => void;
    const fetch = () => {
      cancel = whenIdle(
        () =>
          void loadFreshNewsCode(load).then(
            (module) => live && setCode(module),
            () => {
              if (!live) return;
              const retry = setTimeout(fetch, pollIntervalMs);
              cancel = () => clearTimeout(retry);
            },
          ),
      );
    };
    fetch();
    return () => {
      live = false;
      cancel();
    };
  }, [code, load, pollIntervalMs]);
  return code;
}
