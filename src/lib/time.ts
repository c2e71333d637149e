/**
 * ASSUMPTION (the interface only says timestamps are integers): a value below
 * 1e11 is read as seconds since the epoch, anything larger as milliseconds.
 * 1e11 seconds is the year 5138, while 1e11 milliseconds is March 1973, so
 * real timestamps of either unit fall clearly on their own side.
 */
const SECONDS_THRESHOLD = 1e11;

export function toMillis(timestamp: number): number {
  return timestamp < SECONDS_THRESHOLD ? timestamp * 1000 : timestamp;
}

let formats: { relative: Intl.RelativeTimeFormat; exact: Intl.DateTimeFormat } | undefined;

/**
 * Creating the formatters loads locale data, tens of milliseconds on a slow
 * CPU, so it is not done while modules load: start-up calls this once its
 * requests are out, and the work overlaps the wait for the first page.
 */
export function prepareTimeFormats() {
  formats ??= {
    relative: new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }),
    exact: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
  };
  return formats;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

export function formatRelative(timestamp: number, now = Date.now()): string {
  const diff = toMillis(timestamp) - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size)
      return prepareTimeFormats().relative.format(Math.round(diff / size), unit);
  }
  return 'just now';
}

export function formatExact(timestamp: number): string {
  return prepareTimeFormats().exact.format(new Date(toMillis(timestamp)));
}

export function toIsoString(timestamp: number): string {
  return new Date(toMillis(timestamp)).toISOString();
}
