import type { Messages } from './translate';
import type { CatalogPart } from './catalog-parts';
import english from './catalogs/en.json?catalog&part=first';

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
  /** One part of its catalog (catalog-parts.ts), compiled (vite-plugin.ts). */
  readonly load: (part: CatalogPart) => Promise<Messages>;
}

type Parts = Record<string, () => Promise<Messages>>;

const FIRST_PARTS: Parts = import.meta.glob<Messages>(
  ['./catalogs/*.json', '!./catalogs/en.json'],
  {
    query: '?catalog&part=first',
    import: 'default',
  },
);
const LATER_PARTS: Parts = import.meta.glob<Messages>('./catalogs/*.json', {
  query: '?catalog&part=later',
  import: 'default',
});

function catalog(code: string): Language['load'] {
  return (part) => {
    // English's first part is in the first load: nothing to fetch.
    if (code === 'en' && part === 'first') return Promise.resolve(english);
    const load = (part === 'first' ? FIRST_PARTS : LATER_PARTS)[`./catalogs/${code}.json`];
    return load ? load() : Promise.reject(new Error(`Threadline has no ${code} catalog.`));
  };
}

export const SOURCE_LANGUAGE: Language = {
  code: 'en',
  name: 'English',
  dir: 'ltr',
  load: catalog('en'),
};

export const LANGUAGES: readonly Language[] = [
  SOURCE_LANGUAGE,
  { code: 'de', name: 'Deutsch', dir: 'ltr', load: catalog('de') },
  { code: 'ar', name: 'العربية', dir: 'rtl', load: catalog('ar') },
  { code: 'ja', name: '日本語', dir: 'ltr', load: catalog('ja') },
];

const PSEUDO_FIRST: Parts = import.meta.glob<Messages>('./catalogs/en.json', {
  query: '?pseudo-catalog&part=first',
  import: 'default',
});
const PSEUDO_LATER: Parts = import.meta.glob<Messages>('./catalogs/en.json', {
  query: '?pseudo-catalog&part=later',
  import: 'default',
});

/**
 * English with every letter accented and each message 40 % longer (pseudo-localize.ts): text the
 * catalogs do not cover stays plain, and a control too narrow for a longer language shows it.
 * Chosen by remembering it (the browser tests do), offered in the control in development only.
 */
export const PSEUDO_LANGUAGE: Language = {
  code: 'en-XA',
  name: 'Ƥşḗŭḓǿ',
  dir: 'ltr',
  load: (part) => (part === 'first' ? PSEUDO_FIRST : PSEUDO_LATER)['./catalogs/en.json']!(),
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
