import { loadLaterMessages } from '../i18n/translate';
import { codeOnce } from '../lib/load-once';

type PaneCode = typeof import('./conversation-route');

const paneCode = codeOnce<PaneCode>();

/**
 * The conversation pane's code (and the downloads panel's, which shares its chunk): one import for
 * the page, started when the list is idle or when a conversation is first opened. A failed import
 * is forgotten, so the next opening tries again.
 */
export function loadPaneCode(): Promise<PaneCode> {
  // Its words come with it: the later part of the language's catalog (i18n/catalog-parts.ts).
  return paneCode.load(() =>
    Promise.all([import('./conversation-route'), loadLaterMessages()]).then(([module]) => module),
  );
}

/**
 * The pane's code once it has arrived, to render without suspending: a lazy component suspends on
 * its first render even when its code is in the page, and React holds a revealed fallback for
 * 300 ms, which made the session's first opening take about 400 ms at CPU 4×.
 */
export function loadedPaneCode(): PaneCode | undefined {
  return paneCode.loaded();
}
