import type { CatalogPart } from './catalog-parts';
import english from './catalogs/en.json?catalog&part=first';
import { browserLanguage, findLanguage, SOURCE_LANGUAGE, type Language } from './languages';

/*
 * Every word the app writes goes through `t`: `t('list.heading')`,
 * `t('downloads.progress', { done, total })`. The catalogs are ICU MessageFormat, compiled at build
 * time into one function per message (vite-plugin.ts). What the service writes (its error
 * messages, message text, file names) never goes through it.
 */

export type MessageId = keyof typeof import('./catalogs/en.json');
export type MessageValues = Readonly<Record<string, string | number>>;
export type Messages = Readonly<Record<string, (values?: MessageValues) => string>>;

/** The language chosen on this browser (the Language control); none means the browser's. */
const CHOICE_KEY = 'threadline.language';

let active: Language = SOURCE_LANGUAGE;
// English's first part comes with this module: the app can write from its first line.
let messages: Messages = english;
/** The catalog parts each language has loaded (catalog-parts.ts). */
const loaded = new Map<string, Partial<Record<CatalogPart, Messages>>>([
  [SOURCE_LANGUAGE.code, { first: english }],
]);
/** Whether the lazily loaded code has asked for its messages: a language chosen later loads both. */
let laterWanted = false;
/** The language last asked for: a catalog arriving after a later choice switches nothing. */
let latest: Language | undefined;
let version = 0;
const listeners = new Set<() => void>();

export function t(id: MessageId, values?: MessageValues): string {
  const message = messages[id];
  if (message) return message(values);
  // A message missing from a catalog is a defect the tests must see (a console.error fails a
  // test); the agent gets its id rather than nothing.
  // eslint-disable-next-line no-console -- the one place a defect is reported to the console
  console.error(`Threadline: no message "${id}" in the ${active.code} catalog (yet).`);
  return id;
}

export const activeLanguage = (): Language => active;

async function loadParts(language: Language): Promise<void> {
  const parts = loaded.get(language.code) ?? {};
  const wanted: CatalogPart[] = laterWanted ? ['first', 'later'] : ['first'];
  const missing = wanted.filter((part) => !parts[part]);
  await Promise.all(missing.map(async (part) => (parts[part] = await language.load(part))));
  loaded.set(language.code, parts);
}

function switchTo(language: Language) {
  const parts = loaded.get(language.code)!;
  active = language;
  messages = { ...parts.first, ...parts.later };
  markDocument(language);
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * The messages only the lazily loaded code writes (the pane, the dialogs, the downloads panel),
 * for the language in use: that code loads them with itself (app/pane-code.ts).
 */
export async function loadLaterMessages(): Promise<void> {
  laterWanted = true;
  const language = active;
  await loadParts(language);
  if (language === active) switchTo(language);
}

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
 * Makes `language` the one the app writes in: its catalog is fetched (English's first part is
 * already here) and every component reading `useTranslation` draws again, unless another
 * language was asked for meanwhile (the latest wins, whichever catalog arrives first). A catalog
 * that cannot be fetched rejects, and the language in use stays.
 */
export async function activateLanguage(language: Language): Promise<void> {
  latest = language;
  await loadParts(language);
  // Again: the lazily loaded code may have asked for its messages meanwhile, for the language then
  // in use; without this language's, the pane would show message ids.
  await loadParts(language);
  if (latest === language) switchTo(language);
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
  // Another choice came after it: that one is remembered.
  if (active !== language) return;
  try {
    localStorage.setItem(CHOICE_KEY, language.code);
  } catch {
    // Private mode: the choice lasts as long as the tab.
  }
}

/** Calls `listener` whenever the language in use (or its loaded messages) changes. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Goes up by one at every change: what a component's subscription compares. */
export const languageVersion = () => version;
