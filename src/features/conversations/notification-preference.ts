/** The agent's choice is a preference, not a secret: it is kept in localStorage. */
export const NOTIFY_PREFERENCE = 'threadline.notifications';

// The preference first: reading the permission asks the browser (a few milliseconds at start-up
// on a slow CPU), and most agents never turn notifications on.
export const notificationsOn = () =>
  localStorage.getItem(NOTIFY_PREFERENCE) === 'on' && Notification.permission === 'granted';
