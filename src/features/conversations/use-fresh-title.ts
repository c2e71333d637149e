import { useEffect } from 'react';

const APP_TITLE = 'Threadline';

/** The tab title counts new or updated conversations, so an agent in another tab sees news. */
export function useFreshTitle(freshCount: number): void {
  useEffect(() => {
    document.title = freshCount > 0 ? `(${freshCount}) ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [freshCount]);
}
