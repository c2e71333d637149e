/** The Badging API, which not every browser has (TypeScript's DOM library declares it always). */
interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Puts `count` on the installed app's icon (the dock, the taskbar, the shelf), or clears it at 0.
 * Where the browser has no badge, or refuses one (not installed, a frame), nothing happens and
 * nothing is reported: the title and the favicon still show the count.
 */
export function showAppBadge(count: number): void {
  const badge: BadgeNavigator = navigator;
  try {
    const done = count > 0 ? badge.setAppBadge?.(count) : badge.clearAppBadge?.();
    done?.catch(() => undefined);
  } catch {
    // Refused synchronously: the same as no badge.
  }
}
