import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';

const REGION_ID = 'live-region';

/**
 * Tells screen-reader users that something happened (a page loaded, a download finished) through
 * the app's one polite live region. Callable from anywhere, in or out of React; a no-op until
 * <LiveRegion/> is mounted (app/providers.tsx does that).
 */
export function announce(message: string): void {
  const region = document.getElementById(REGION_ID);
  if (!region) return;
  // The same message twice must still change the text to be read again.
  region.textContent = region.textContent === message ? `${message}\u00a0` : message;
}

/**
 * The region itself. React renders it empty; `announce` writes it. What it last said is wiped when
 * the language changes or its `owner` does (app/providers.tsx passes the session): a screen reader
 * browsing the page would otherwise still find it there, in the old language or on the sign-in
 * form ("100 conversations loaded").
 */
export function LiveRegion({ owner }: { owner?: unknown }) {
  const { language } = useTranslation();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    // The cleanup runs before the effects of the render that changed them, so what that render
    // announces (the first page of a new session) is said.
    return () => {
      if (element) element.textContent = '';
    };
  }, [language.code, owner]);
  return (
    <div
      ref={region}
      id={REGION_ID}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="visually-hidden"
    />
  );
}
