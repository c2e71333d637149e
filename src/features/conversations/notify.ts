import { loadLaterMessages, t } from '../../i18n/translate';
import { NOTIFY_PREFERENCE } from './notification-preference';

/** Loaded on the agent's first click on "Notify me", or for the first notification. */

/** Called by the list's freshness code, which comes with the later messages (app/pane-code.ts). */
export function notifyFresh(count: number): void {
  const notification = new Notification('Threadline', {
    body: t('notify.fresh', { count }),
    // One notification at a time, even with several tabs open.
    tag: 'threadline-fresh',
  });
  notification.onclick = () => window.focus();
}

/**
 * Turns notifications off, or on after asking the browser's permission (only here). Resolves
 * with whether they are on, and what to tell the agent when the browser said no.
 */
export async function toggle(on: boolean): Promise<[on: boolean, message?: string]> {
  if (on) {
    localStorage.removeItem(NOTIFY_PREFERENCE);
    return [false];
  }
  const permission = await Notification.requestPermission();
  if (permission === 'denied') {
    // The notifications' words come with the lazily loaded code's (i18n/catalog-parts.ts), which
    // the agent may have clicked before.
    await loadLaterMessages();
    return [false, t('notify.blocked')];
  }
  if (permission !== 'granted') return [false];
  localStorage.setItem(NOTIFY_PREFERENCE, 'on');
  return [true];
}
