import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { announce } from '../../ui/live-region';
import { viewToReact } from '../../ui/view-react';
import { notifyToggleView } from './markup';
import { notificationsOn } from './notification-preference';

/**
 * Desktop notifications of new or updated conversations: off until the agent turns them on (the
 * browser's permission is asked only on that click), and only while the tab is hidden (a visible
 * tab has the banner). Asking and showing live in notify.ts, loaded when first needed.
 */

/** Notifies when the count of new or updated conversations grows while the tab is hidden. */
export function useFreshNotifications(count: number): void {
  const last = useRef(count);
  useEffect(() => {
    if (count > last.current && document.hidden && 'Notification' in window && notificationsOn()) {
      void import('./notify').then((notify) => notify.notifyFresh(count));
    }
    last.current = count;
  }, [count]);
}

/** "Notify me" in the header: a toggle; the first turn-on asks the browser's permission. */
export function NotificationsToggle() {
  useTranslation();
  const [on, setOn] = useState(() => 'Notification' in window && notificationsOn());
  if (!('Notification' in window)) return null;
  return viewToReact(notifyToggleView(on), {
    parts: {
      toggle: {
        onClick: () =>
          void import('./notify')
            .then((notify) => notify.toggle(on))
            .then(([next, message]) => {
              if (message) announce(message);
              setOn(next);
            }),
      },
    },
  });
}
