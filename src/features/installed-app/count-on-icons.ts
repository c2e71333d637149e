import { showAppBadge } from './app-badge';
import { faviconCount } from './favicon-count';
import { countInTitle, watchTitle } from './title-count';

/**
 * The count of new or updated conversations, from the title, on the app badge (always: the dock
 * shows it whatever the window) and on the favicon while the tab is hidden (a visible tab has the
 * banner, and the plain icon is easier to find among tabs). Returns a function that stops.
 */
export function showCountOnIcons(): () => void {
  const favicon = faviconCount(document.querySelector<HTMLLinkElement>('link[rel="icon"]'));
  // -1: the first look always sets or clears the badge (an earlier window may have left one).
  let badged = -1;
  const update = () => {
    const count = countInTitle(document.title);
    if (count !== badged) showAppBadge(count);
    badged = count;
    favicon(document.hidden ? count : 0);
  };
  const stopWatching = watchTitle(update);
  document.addEventListener('visibilitychange', update);
  return () => {
    stopWatching();
    document.removeEventListener('visibilitychange', update);
    favicon(0);
  };
}
