import { useEffect, useState } from 'react';

type FinderCode = typeof import('./finder');

let pending: Promise<FinderCode> | undefined;
let loaded: FinderCode | undefined;

/**
 * The finder's code (the query's parser, the narrowing, the match count and Keep looking): not
 * part of the first load, fetched when the inbox is idle, when the field gets focus or when a
 * link has a query. A failed import is forgotten, so the next try asks again.
 */
export function loadFinderCode(): Promise<FinderCode> {
  pending ??= import('./finder').then(
    (module) => (loaded = module),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The finder's code once it is in the page; asks for it while `wanted` (a query is typed). */
export function useFinderCode(wanted: boolean): FinderCode | undefined {
  const [code, setCode] = useState(loaded);
  useEffect(() => {
    if (!wanted || code) return;
    let live = true;
    loadFinderCode().then(
      (module) => live && setCode(module),
      // Offline, say: the list stays as it is, and the next keystroke asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, code]);
  return code ?? loaded;
}
