import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/** The brand, the same in every language. */
const APP_TITLE = 'Threadline';

/**
 * The tab title counts new or updated conversations, so an agent in another tab sees news: in
 * the language's digits, written again when the language changes.
 */
export function useFreshTitle(freshCount: number): void {
  const { t, language } = useTranslation();
  useEffect(() => {
    document.title = freshCount > 0 ? t('fresh.title', { count: freshCount }) : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [freshCount, t, language]);
}
