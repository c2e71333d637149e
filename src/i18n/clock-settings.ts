/*
 * The agent's clock, remembered on this browser: a 12- or 24-hour override (none: the language's
 * habit) and a time zone (none: the browser's). Read by format.ts; the Time settings change it.
 */

export interface ClockSettings {
  /** true: 24-hour, false: 12-hour, null: as the language writes times. */
  readonly hour24: boolean | null;
  /** An IANA zone the browser knows, or null for the browser's own. */
  readonly timeZone: string | null;
}

const STORAGE_KEY = 'threadline.clock';
const DEFAULTS: ClockSettings = { hour24: null, timeZone: null };

function knownZone(zone: unknown): string | null {
  if (typeof zone !== 'string') return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    // A zone this browser does not know (stored by another one): the browser's own instead.
    return null;
  }
}

function read(): ClockSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<
      Record<keyof ClockSettings, unknown>
    > | null;
    if (!stored || typeof stored !== 'object') return DEFAULTS;
    return {
      hour24: typeof stored.hour24 === 'boolean' ? stored.hour24 : null,
      timeZone: knownZone(stored.timeZone),
    };
  } catch {
    return DEFAULTS;
  }
}

let current: ClockSettings | undefined;
const listeners = new Set<() => void>();

export const clockSettings = (): ClockSettings => (current ??= read());

export function changeClockSettings(change: Partial<ClockSettings>) {
  current = { ...clockSettings(), ...change };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private mode: the settings last as long as the tab.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the settings change, here or in another tab. */
export function onClockChange(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed them: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
