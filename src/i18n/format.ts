import { toMillis } from '../lib/time';
import { clockSettings } from './clock-settings';
import { activeLanguage } from './translate';

/*
 * Dates, times, numbers and sizes through Intl, in the language in use and on the agent's clock
 * (clock-settings.ts). Components that show them read `useTranslation` and `useClockSettings`, so
 * they draw again when either changes.
 */

interface TimeFormats {
  relative: Intl.RelativeTimeFormat;
  exact: Intl.DateTimeFormat;
}

let cached: { key: string; formats: TimeFormats } | undefined;
// Apart from the time formats: nothing on the first screen writes a number, and this one costs
// 10–15 ms more at CPU 4× (measured alone), which the first rows would wait for.
let numberFormat: { locale: string; format: Intl.NumberFormat } | undefined;

function hourCycle(hour24: boolean | null): Intl.DateTimeFormatOptions['hourCycle'] {
  if (hour24 === null) return undefined;
  return hour24 ? 'h23' : 'h12';
}

/**
 * Creating the formatters loads locale data, tens of milliseconds on a slow CPU, so it is not done
 * while modules load: start-up calls this once its requests are out, and the work overlaps the
 * wait for the first page. They are made again only when the language or the clock changes.
 */
export function prepareTimeFormats(): TimeFormats {
  const locale = activeLanguage().code;
  const { hour24, timeZone } = clockSettings();
  const key = `${locale}|${hour24}|${timeZone}`;
  if (cached?.key !== key) {
    cached = {
      key,
      formats: {
        relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
        exact: new Intl.DateTimeFormat(locale, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          second: '2-digit',
          timeZoneName: 'short',
          hourCycle: hourCycle(hour24),
          timeZone: timeZone ?? undefined,
        }),
      },
    };
  }
  return cached.formats;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "now" in the language in use. */
export function formatRelative(timestamp: number, now = Date.now()): string {
  const diff = toMillis(timestamp) - now;
  const { relative } = prepareTimeFormats();
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relative.format(Math.round(diff / size), unit);
  }
  return relative.format(0, 'second');
}

/** Date, time to the second and the time zone, on the agent's clock. */
export function formatExact(timestamp: number): string {
  return prepareTimeFormats().exact.format(new Date(toMillis(timestamp)));
}

/** A count in the language's digits and separators. */
export function formatNumber(value: number): string {
  const locale = activeLanguage().code;
  if (numberFormat?.locale !== locale)
    numberFormat = { locale, format: new Intl.NumberFormat(locale) };
  return numberFormat.format.format(value);
}

const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * 1536 → "1.5 kB" ("1,5 kB" in German), 52428800 → "50 MB": binary multiples, as file managers
 * show them, with the language's unit names.
 */
export function formatBytes(bytes: number): string {
  const locale = activeLanguage().code;
  if (bytes < 1024)
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'byte',
      unitDisplay: 'long',
    }).format(bytes);
  let value = bytes / 1024;
  let unit: (typeof BYTE_UNITS)[number] = 'kilobyte';
  for (const next of BYTE_UNITS.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
