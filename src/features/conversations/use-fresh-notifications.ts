import { useEffect, useRef } from 'react';
import { notificationsOn } from './notification-preference';

/**
 * Notifies when the count of new or updated conversations grows while the tab is hidden (a visible
 * tab has the banner), if the agent turned "Notify me" on (desktop-notifications.tsx). Showing
 * lives in notify.ts, loaded when first needed.
 */
export function useFreshNotifications(count: number): void {
  const last = useRef(count);
  useEffect(() => {
    if (count > last.current && document.hidden && 'Notification' in window && notificationsOn()) {
      void import('./notify').then((notify) => notify.notifyFresh(count));
    }
    last.current = count;
  }, [count]);
}
