import { NOTIFY_PREFERENCE } from './notification-preference';

/** Loaded on the agent's first click on "Notify me", or for the first notification. */

export function notifyFresh(count: number): void {
  const notification = new Notification('Threadline', {
    body: `${count} new or updated conversation${count === 1 ? '' : 's'}`,
    // One notification at a time, even with several tabs open.
    tag: 'threadline-fresh',
  });
  notification.onclick = () => window.focus();
}

/** Turns notifications off, or on after asking the browser's permission (only here). */
export async function toggle(on: boolean): Promise<'on' | 'off' | 'blocked'> {
  if (on) {
    localStorage.removeItem(NOTIFY_PREFERENCE);
    return 'off';
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  localStorage.setItem(NOTIFY_PREFERENCE, 'on');
  return 'on';
}
