import type { Messages } from '@lingui/core';
import english from './catalogs/en.json?catalog';

/*
 * The languages Threadline speaks. Adding one: its catalog in catalogs/ (a copy of en.json,
 * translated; test/unit/catalogs.test.ts checks it is complete) and one line in LANGUAGES.
 */

export interface Language {
  /** A BCP 47 tag: <html lang>, Intl's locale and the key the choice is remembered by. */
  readonly code: string;
  /** The language's name in itself, as the Language control offers it. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
  readonly load: () => Promise<{ default: Messages }>;
}

export const SOURCE_LANGUAGE: Language = {
  code: 'en',
  name: 'English',
  dir: 'ltr',
  // In the first load (translate.ts starts with it): nothing to fetch.
  load: () => Promise.resolve({ default: english }),
};

export const LANGUAGES: readonly Language[] = [
  SOURCE_LANGUAGE,
  { code: 'de', name: 'Deutsch', dir: 'ltr', load: () => import('./catalogs/de.json?catalog') },
  { code: 'ar', name: 'العربية', dir: 'rtl', load: () => import('./catalogs/ar.json?catalog') },
  { code: 'ja', name: '日本語', dir: 'ltr', load: () => import('./catalogs/ja.json?catalog') },
];

/**
 * English with every letter accented and each message 40 % longer (pseudo-localize.ts): text the
 * catalogs do not cover stays plain, and a control too narrow for a longer language shows it.
 * Chosen by remembering it (the browser tests do), offered in the control in development only.
 */
export const PSEUDO_LANGUAGE: Language = {
  code: 'en-XA',
  name: 'Ƥşḗŭḓǿ',
  dir: 'ltr',
  load: () => import('./catalogs/en.json?pseudo-catalog'),
};

const KNOWN = [...LANGUAGES, PSEUDO_LANGUAGE];

export const findLanguage = (code: string | null | undefined) =>
  KNOWN.find((language) => language.code === code);

/** The language the Language control offers: the ones above, and in development the pseudo one. */
export const OFFERED_LANGUAGES: readonly Language[] = import.meta.env.DEV ? KNOWN : LANGUAGES;

/**
 * The first of the browser's languages Threadline has, matched on the primary subtag (`de-AT`
 * gets German), else English.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    const match = LANGUAGES.find((language) => language.code === primary);
    if (match) return match;
  }
  return SOURCE_LANGUAGE;
}
