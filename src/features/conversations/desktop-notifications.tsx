import { useEffect, useRef, useState } from 'react';

/**
 * Desktop notifications of new or updated conversations: off until the agent turns them on (the
 * browser's permission is asked only on that click), and only while the tab is hidden (a visible
 * tab has the banner). The choice is a preference, not a secret: it is kept in localStorage.
 */
const PREFERENCE = 'threadline.notifications';

const supported = () => typeof Notification !== 'undefined';
const wanted = () =>
  supported() && Notification.permission === 'granted' && localStorage.getItem(PREFERENCE) === 'on';

/** Notifies when the count of new or updated conversations grows while the tab is hidden. */
export function useFreshNotifications(count: number): void {
  const last = useRef(count);
  useEffect(() => {
    if (count > last.current && document.hidden && wanted()) {
      const notification = new Notification('Threadline', {
        body: `${count} new or updated conversation${count === 1 ? '' : 's'}`,
        // One notification at a time, even with several tabs open.
        tag: 'threadline-fresh',
      });
      notification.onclick = () => window.focus();
    }
    last.current = count;
  }, [count]);
}

/** "Notify me" in the header: a toggle; the first turn-on asks the browser's permission. */
export function NotificationsToggle() {
  const [on, setOn] = useState(wanted);
  const [blocked, setBlocked] = useState(() => supported() && Notification.permission === 'denied');
  if (!supported()) return null;

  async function toggle() {
    if (on) {
      localStorage.removeItem(PREFERENCE);
      setOn(false);
      return;
    }
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setBlocked(permission === 'denied');
      return;
    }
    localStorage.setItem(PREFERENCE, 'on');
    setOn(true);
  }

  return (
    <button
      type="button"
      className="button-quiet"
      aria-pressed={on}
      disabled={blocked}
      title={blocked ? 'Your browser blocks notifications for this site' : undefined}
      onClick={() => void toggle()}
    >
      {blocked ? 'Notifications blocked' : 'Notify me'}
    </button>
  );
}
