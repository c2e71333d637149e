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

/** The region itself. React renders it empty and never touches its text; `announce` writes it. */
export function LiveRegion() {
  return (
    <div
      id={REGION_ID}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="visually-hidden"
    />
  );
}
