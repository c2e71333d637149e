import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { announce } from '../../ui/live-region';
import { viewToReact } from '../../ui/view-react';
import { notifyToggleView } from './markup';
import { notificationsOn } from './notification-preference';

/**
 * Desktop notifications of new or updated conversations: off until the agent turns them on (the
 * browser's permission is asked only on that click), and only while the tab is hidden (a visible
 * tab has the banner). Asking and showing live in notify.ts, loaded when first needed; noticing
 * news comes with the list's freshness code (use-fresh-notifications.ts, loaded when the list is
 * idle). The toggle stays in the first load: the first paint draws it, and the header must not move.
 */

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
