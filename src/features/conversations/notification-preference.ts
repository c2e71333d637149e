/** The agent's choice is a preference, not a secret: it is kept in localStorage. */
export const NOTIFY_PREFERENCE = 'threadline.notifications';

export const notificationsOn = () =>
  Notification.permission === 'granted' && localStorage.getItem(NOTIFY_PREFERENCE) === 'on';
