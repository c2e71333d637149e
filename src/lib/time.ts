/**
 * ASSUMPTION (the interface only says timestamps are integers): a value below
 * 1e11 is read as seconds since the epoch, anything larger as milliseconds.
 * 1e11 seconds is the year 5138, while 1e11 milliseconds is March 1973, so
 * real timestamps of either unit fall clearly on their own side.
 * How they are written (language, clock, time zone) is src/i18n/format.ts's.
 */
const SECONDS_THRESHOLD = 1e11;

export function toMillis(timestamp: number): number {
  return timestamp < SECONDS_THRESHOLD ? timestamp * 1000 : timestamp;
}

export function toIsoString(timestamp: number): string {
  return new Date(toMillis(timestamp)).toISOString();
}
