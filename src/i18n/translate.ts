import { setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import type { CatalogPart } from './catalog-parts';
import english from './catalogs/en.json?catalog&part=first';
import { browserLanguage, findLanguage, SOURCE_LANGUAGE, type Language } from './languages';

/*
 * Every word the app writes goes through `t` (Lingui's runtime with catalogs compiled at build
 * time by vite-plugin.ts): `t('list.empty')`, `t('downloads.progress', { done, total })`. What
 * the service writes (its error messages, message text, file names) never does.
 */

export type MessageId = keyof typeof import('./catalogs/en.json');
export type MessageValues = Readonly<Record<string, string | number>>;

/** The language chosen on this browser (the Language control); none means the browser's. */
const CHOICE_KEY = 'threadline.language';

const i18n = setupI18n({
  locale: SOURCE_LANGUAGE.code,
  // English's first part comes with this module: the app can write from its first line.
  messages: { [SOURCE_LANGUAGE.code]: english },
  // A key missing from a catalog is a defect the tests must see (a console.error fails a test);
  // the agent gets the key rather than nothing.
  missing: (locale, id) => {
    console.error(`Threadline: no message "${id}" in the ${locale} catalog.`);
    return id;
  },
});

let active: Language = SOURCE_LANGUAGE;
/** The catalog parts each language has loaded (catalog-parts.ts). */
const loaded = new Map<string, Set<CatalogPart>>([[SOURCE_LANGUAGE.code, new Set(['first'])]]);
/** Whether the lazily loaded code has asked for its messages: a language chosen later loads both. */
let laterWanted = false;

async function loadParts(language: Language) {
  const have = loaded.get(language.code) ?? new Set<CatalogPart>();
  const wanted: CatalogPart[] = laterWanted ? ['first', 'later'] : ['first'];
  const missing = wanted.filter((part) => !have.has(part));
  const parts = await Promise.all(missing.map((part) => language.load(part)));
  parts.forEach((messages, index) => {
    i18n.load(language.code, messages);
    have.add(missing[index]!);
  });
  loaded.set(language.code, have);
}

/**
 * The messages only the lazily loaded code writes (the pane, the dialogs, the downloads panel),
 * for the language in use: that code loads them with itself (app/pane-code.ts).
 */
export function loadLaterMessages(): Promise<void> {
  laterWanted = true;
  return loadParts(active);
}

export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

export const activeLanguage = (): Language => active;

function readChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

/** The remembered choice, else the first of the browser's languages Threadline has. */
export function startingLanguage(): Language {
  return findLanguage(readChoice()) ?? browserLanguage(navigator.languages ?? [navigator.language]);
}

/** <html lang> and dir follow the language at once (before its catalog has arrived). */
function markDocument(language: Language) {
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
}

/**
 * Makes `language` the one the app writes in: its catalog is fetched (English is already here)
 * and every component reading `useTranslation` draws again. A catalog that cannot be fetched
 * rejects, and the language in use stays.
 */
export async function activateLanguage(language: Language): Promise<void> {
  await loadParts(language);
  active = language;
  markDocument(language);
  i18n.activate(language.code);
}

/**
 * Start-up: <html lang dir> set before anything is drawn, and the starting language's catalog
 * asked for. English is ready at once (null): nothing is drawn a moment later for it.
 */
export function startLanguage(language = startingLanguage()): Promise<void> | null {
  markDocument(language);
  // Dates and numbers are formatted for it from now on (format.ts warms them while the first
  // page is on its way); the words follow when its catalog is here.
  active = language;
  return language === SOURCE_LANGUAGE ? null : activateLanguage(language);
}

/** The agent's choice in the Language control: used at once and remembered on this browser. */
export async function chooseLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  try {
    localStorage.setItem(CHOICE_KEY, language.code);
  } catch {
    // Private mode: the choice lasts as long as the tab.
  }
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale;

/**
 * `t` for a component: the component draws again when the language changes, memoised or not.
 * Returns the language too, for what depends on it beyond words (Intl formats, direction).
 */
export function useTranslation(): { t: typeof t; language: Language } {
  useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { t, language: active };
}
