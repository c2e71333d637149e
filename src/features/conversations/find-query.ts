import type { Conversation } from '../../api/schemas';
import { clockSettings } from '../../i18n/clock-settings';
import { activeLanguage, t } from '../../i18n/translate';
import { STATUS_FILTERS } from '../../lib/status';
import { toMillis } from '../../lib/time';

/*
 * The finder's query: words separated by spaces, all of which must match (AND), read without
 * regard to case. The words (statuses, today, yesterday) are read in English and in the language
 * in use, and days are the agent's calendar days: on their clock's time zone, which the rows'
 * times are shown in. The clock comes in as `now`, so "today" is testable.
 */

export type FindTerm =
  /** A bare number: ids starting with these digits. */
  | { kind: 'id-prefix'; digits: string }
  /** `#48213`: that id exactly. */
  | { kind: 'id'; id: number }
  | { kind: 'contact'; id: number }
  | { kind: 'inbox'; id: number }
  /** A status name, lower case as the service sends the known ones. */
  | { kind: 'status'; status: string }
  /** updatedAt within [start, end) in milliseconds: one local calendar day. */
  | { kind: 'day'; start: number; end: number };

export interface FindQuery {
  terms: FindTerm[];
  /** Words not understood, as typed: ignored, and the field says so. */
  rejected: string[];
  /** The one exact id the query pins (`#n`), if it pins one. */
  exactId: number | undefined;
  /** When its `today` or `yesterday` name another day (the next midnight), if it has either. */
  until: number | undefined;
}

// Up to 15 digits: every such number is exact in a double.
const DIGITS = /^\d{1,15}$/;
const FIELD = /^(#|contact:|inbox:)(\d{1,15})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type CalendarDay = [year: number, month: number, day: number];

// Making a format reads Intl's data, which is slow on a slow laptop: one per zone, made once.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `ms`: [year, month, day, hour, minute, second]. */
function wallClock(ms: number, timeZone: string): number[] {
  const parts = zoneFormat(timeZone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((found) => found.type === type)?.value);
  return [part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second')];
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`. */
function zoneOffset(ms: number, timeZone: string): number {
  const [year, month, day, hour, minute, second] = wallClock(ms, timeZone) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(ms / 1000) * 1000;
}

/** The first moment of a calendar day, on the agent's zone (null: the browser's). */
function midnight([year, month, day]: CalendarDay, timeZone: string | null): number {
  if (timeZone === null) return new Date(year, month - 1, day).getTime();
  const wall = Date.UTC(year, month - 1, day);
  // Twice: the offset at the first guess may differ from the offset at midnight (a clock change).
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

/** The calendar day `days` after (or before) `[year, month, day]`, or undefined for none such. */
function calendarDay(year: number, month: number, day: number, days = 0): CalendarDay | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return undefined;
  }
  date.setUTCDate(day + days);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** One calendar day on the agent's zone, or undefined for a day that does not exist. */
function dayTerm(year: number, month: number, day: number, timeZone: string | null) {
  const start = calendarDay(year, month, day);
  const next = calendarDay(year, month, day, 1);
  if (!start || !next) return undefined;
  // The next midnight by the calendar, not +24 h: days around a clock change are 23 or 25 hours.
  const term: FindTerm = {
    kind: 'day',
    start: midnight(start, timeZone),
    end: midnight(next, timeZone),
  };
  return term;
}

/** Today's date on the agent's zone. */
function today(now: number, timeZone: string | null): CalendarDay {
  if (timeZone === null) {
    const date = new Date(now);
    return [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  }
  const [year, month, day] = wallClock(now, timeZone) as CalendarDay;
  return [year, month, day];
}

/** A word in the language in use, as the query compares it. */
const lowered = (word: string) => word.toLocaleLowerCase(activeLanguage().code);

/** The status a word names, in English (as the service writes it) or in the language in use. */
function statusNamed(word: string) {
  return STATUS_FILTERS.find((known) => known.name === word || lowered(t(known.label)) === word);
}

/** -1 for yesterday, 0 for today (either in English or in the language in use), else undefined. */
function daysAgo(word: string): number | undefined {
  if (word === 'today' || word === lowered(t('find.today'))) return 0;
  if (word === 'yesterday' || word === lowered(t('find.yesterday'))) return -1;
  return undefined;
}

function parseWord(word: string, now: number, timeZone: string | null): FindTerm | undefined {
  if (DIGITS.test(word)) return { kind: 'id-prefix', digits: word.replace(/^0+(?=\d)/, '') };
  const field = FIELD.exec(word);
  if (field) {
    const id = Number(field[2]);
    if (field[1] === '#') return { kind: 'id', id };
    return { kind: field[1] === 'contact:' ? 'contact' : 'inbox', id };
  }
  const status = statusNamed(word);
  if (status) return { kind: 'status', status: status.name };
  const date = DATE.exec(word);
  if (date) return dayTerm(Number(date[1]), Number(date[2]), Number(date[3]), timeZone);
  const ago = daysAgo(word);
  if (ago !== undefined) {
    const day = calendarDay(...today(now, timeZone), ago);
    return day && dayTerm(...day, timeZone);
  }
  return undefined;
}

/**
 * Reads a query; words it does not understand are listed, not fatal. Days are on `timeZone` (an
 * IANA zone; null: the browser's), the agent's clock by default.
 */
export function parseFindQuery(
  query: string,
  now: number,
  timeZone: string | null = clockSettings().timeZone,
): FindQuery {
  const terms: FindTerm[] = [];
  const rejected: string[] = [];
  // `today` or `yesterday`: another day once the date changes.
  let relative = false;
  for (const typed of query.split(/\s+/)) {
    if (typed === '') continue;
    const word = lowered(typed);
    const term = parseWord(word, now, timeZone);
    if (term) terms.push(term);
    else rejected.push(typed);
    relative ||= daysAgo(word) !== undefined;
  }
  const exact = terms.filter((term) => term.kind === 'id');
  const exactId = exact.length > 0 && exact.every((term) => term.id === exact[0]!.id);
  return {
    terms,
    rejected,
    exactId: exactId ? exact[0]!.id : undefined,
    until: relative ? dayTerm(...today(now, timeZone), timeZone)?.end : undefined,
  };
}

/** A row's fields as the finder compares them, computed once per row (see `searchFields`). */
interface SearchFields {
  id: number;
  idText: string;
  status: string;
  contactId: number;
  inboxId: number;
  updatedMs: number;
}

// Rows are immutable and kept by the list's cache: each row's fields are computed once, and go
// with the row when it leaves the cache.
const fieldsOf = new WeakMap<Conversation, SearchFields>();

function searchFields(row: Conversation): SearchFields {
  let fields = fieldsOf.get(row);
  if (!fields) {
    fields = {
      id: row.id,
      idText: String(row.id),
      status: row.status.toLowerCase(),
      contactId: row.contactId,
      inboxId: row.inboxId,
      updatedMs: toMillis(row.updatedAt),
    };
    fieldsOf.set(row, fields);
  }
  return fields;
}

function matches(fields: SearchFields, term: FindTerm): boolean {
  switch (term.kind) {
    case 'id-prefix':
      return fields.idText.startsWith(term.digits);
    case 'id':
      return fields.id === term.id;
    case 'contact':
      return fields.contactId === term.id;
    case 'inbox':
      return fields.inboxId === term.id;
    case 'status':
      return fields.status === term.status;
    case 'day':
      return fields.updatedMs >= term.start && fields.updatedMs < term.end;
  }
}

/**
 * The rows every term matches, in their order; the same array when there is no term (and
 * `keep`, if given, must also hold). A plain loop: this runs on every keystroke over all the
 * loaded rows.
 */
export function narrowRows(
  rows: readonly Conversation[],
  terms: readonly FindTerm[],
  keep?: (row: Conversation) => boolean,
): readonly Conversation[] {
  if (terms.length === 0 && !keep) return rows;
  const shown: Conversation[] = [];
  outer: for (const row of rows) {
    const fields = searchFields(row);
    for (const term of terms) if (!matches(fields, term)) continue outer;
    if (keep && !keep(row)) continue;
    shown.push(row);
  }
  return shown;
}

/** Every row `narrower` matches, `wider` matches too. */
function implies(narrower: FindTerm, wider: FindTerm): boolean {
  switch (wider.kind) {
    case 'id-prefix':
      return narrower.kind === 'id-prefix' && narrower.digits.startsWith(wider.digits);
    case 'id':
    case 'contact':
    case 'inbox':
      return narrower.kind === wider.kind && narrower.id === wider.id;
    case 'status':
      return narrower.kind === 'status' && narrower.status === wider.status;
    case 'day':
      return narrower.kind === 'day' && narrower.start >= wider.start && narrower.end <= wider.end;
  }
}

const sameTerms = (a: readonly FindTerm[], b: readonly FindTerm[]) =>
  a.length === b.length && a.every((term, i) => implies(term, b[i]!) && implies(b[i]!, term));

/** Whatever `next` matches, `last` matched: each of last's terms is implied by one of next's. */
const narrowsFurther = (next: readonly FindTerm[], last: readonly FindTerm[]) =>
  last.every((wider) => next.some((narrower) => implies(narrower, wider)));

/**
 * `narrowRows` for one list, remembering its last answer. Typing mostly adds to a query: a longer
 * number, one more word, or a word not understood yet (`op` on the way to `open`), which narrows
 * nothing. The same terms give the same array (so nothing drawn from it renders again), and terms
 * that only narrow the last ones are read from the last answer, not from every loaded row. Other
 * rows (a page landed) or another `keep` start again from the rows.
 */
export function createRowNarrower() {
  let last:
    | {
        rows: readonly Conversation[];
        terms: readonly FindTerm[];
        keep: ((row: Conversation) => boolean) | undefined;
        shown: readonly Conversation[];
      }
    | undefined;
  return (
    rows: readonly Conversation[],
    terms: readonly FindTerm[],
    keep?: (row: Conversation) => boolean,
  ): readonly Conversation[] => {
    const from = last && last.rows === rows && last.keep === keep ? last : undefined;
    if (from && sameTerms(from.terms, terms)) return from.shown;
    const shown = narrowRows(
      from && narrowsFurther(terms, from.terms) ? from.shown : rows,
      terms,
      keep,
    );
    last = { rows, terms, keep, shown };
    return shown;
  };
}
