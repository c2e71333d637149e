import { useEffect, useState } from 'react';
import { codeOnce } from '../../lib/load-once';

export type FinderCode = typeof import('./finder');

/**
 * Fetches the finder's code. app/ gives it the pane's lazy chunk, which carries the finder too: a
 * chunk of its own made the bundler move React out of the UI chunk into a shared one, +0.8 KiB gzip
 * on the first load.
 */
export type LoadFinderCode = () => Promise<FinderCode>;

const finderCode = codeOnce<FinderCode>();

/**
 * The finder's code (the query's parser, the narrowing, the match count and Keep looking): not
 * part of the first load, fetched when the inbox is idle, when the field gets focus or when a
 * link has a query. A failed import is forgotten, so the next try asks again.
 */
export function loadFinderCode(load: LoadFinderCode): Promise<FinderCode> {
  return finderCode.load(load);
}

export interface FinderCodeState {
  /** The code, once it is in the page. */
  finder: FinderCode | undefined;
  /** The last attempt to fetch it failed (offline, say); the next keystroke asks again. */
  failed: boolean;
}

/**
 * The finder's code once it is in the page; asks for it while `wanted` (a query is typed), again
 * whenever `text` changes after a failure.
 */
export function useFinderCode(
  wanted: boolean,
  text: string,
  load: LoadFinderCode,
): FinderCodeState {
  const [code, setCode] = useState(finderCode.loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || code) return;
    let live = true;
    loadFinderCode(load).then(
      (module) => {
        if (!live) return;
        setCode(module);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, text, code, load]);
  const finder = code ?? finderCode.loaded();
  return { finder, failed: failed && !finder };
}
