/*
 * Each catalog is loaded in two parts: what the first screen writes (the header, the list, the
 * finder, sign-in, the app's errors) with the first load, and what only the lazily loaded code
 * writes (the conversation pane and everything in it, the dialogs, the downloads panel, the
 * list's freshness) with that
 * code, as its words were before they moved into the catalogs. A message's part follows from its
 * key's prefix, here and nowhere else.
 */

export type CatalogPart = 'first' | 'later';

const LATER_PREFIXES = [
  'pane.',
  'viewer.',
  'transcript.',
  'previews.',
  'help.',
  'goToDialog.',
  'timeSettings.',
  'downloadsPanel.',
  'worker.',
  'findStatus.',
  'installed.',
  // Desktop notifications: the words are only written by notify.ts, itself loaded on demand.
  'notify.',
  // The list's freshness (banner, title count, its failures) loads with the pane's code too.
  'fresh.',
];

export function catalogPartOf(key: string): CatalogPart {
  return LATER_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'later' : 'first';
}
