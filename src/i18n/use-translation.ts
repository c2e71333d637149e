import { useSyncExternalStore } from 'react';
import { activeLanguage, languageVersion, onLanguageChange, t } from './translate';
import type { Language } from './languages';

/**
 * `t` for a component: the component draws again when the language changes, memoised or not.
 * Returns the language too, for what depends on it beyond words (Intl formats, direction). Apart
 * from translate.ts so that the start-up, which writes without React, does not load React.
 */
export function useTranslation(): { t: typeof t; language: Language } {
  useSyncExternalStore(onLanguageChange, languageVersion, languageVersion);
  return { t, language: activeLanguage() };
}
