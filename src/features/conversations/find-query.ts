import type { Conversation } from '../../api/schemas';
import { STATUS_FILTERS } from '../../lib/status';
import { toMillis } from '../../lib/time';

/*
 * The finder's query: words separated by spaces, all of which must match (AND), read without
 * regard to case. Pure: the clock comes in as `now`, so "today" is testable.
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
}

/** @public What the field says is accepted, after naming the words it did not understand. */
export const ACCEPTED_WORDS =
  'Use a number (482, or #48213 for one conversation), contact:871, inbox:4, ' +
  `${STATUS_FILTERS.map((status) => status.name).join(', ')}, a date (2026-11-20), today or yesterday.`;

// Up to 15 digits: every such number is exact in a double.
const DIGITS = /^\d{1,15}$/;
const FIELD = /^(#|contact:|inbox:)(\d{1,15})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar day of year/month/day, or undefined for a day that does not exist. */
function localDay(year: number, month: number, day: number): FindTerm | undefined {
  const start = new Date(year, month - 1, day);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== day) {
    return undefined;
  }
  // The next midnight by the calendar, not +24 h: days around a clock change are 23 or 25 hours.
  return { kind: 'day', start: start.getTime(), end: new Date(year, month - 1, day + 1).getTime() };
}

function parseWord(word: string, now: number): FindTerm | undefined {
  if (DIGITS.test(word)) return { kind: 'id-prefix', digits: word.replace(/^0+(?=\d)/, '') };
  const field = FIELD.exec(word);
  if (field) {
    const id = Number(field[2]);
    if (field[1] === '#') return { kind: 'id', id };
    return { kind: field[1] === 'contact:' ? 'contact' : 'inbox', id };
  }
  const status = STATUS_FILTERS.find((known) => known.name === word);
  if (status) return { kind: 'status', status: status.name };
  const date = DATE.exec(word);
  if (date) return localDay(Number(date[1]), Number(date[2]), Number(date[3]));
  if (word === 'today' || word === 'yesterday') {
    const today = new Date(now);
    const day = new Date(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() - (word === 'today' ? 0 : 1),
    );
    return localDay(day.getFullYear(), day.getMonth() + 1, day.getDate());
  }
  return undefined;
}

/** Reads a query; words it does not understand are listed, not fatal. */
export function parseFindQuery(query: string, now: number): FindQuery {
  const terms: FindTerm[] = [];
  const rejected: string[] = [];
  for (const word of query.split(/\s+/)) {
    if (word === '') continue;
    const term = parseWord(word.toLowerCase(), now);
    if (term) terms.push(term);
    else rejected.push(word);
  }
  const exact = terms.filter((term) => term.kind === 'id');
  const exactId = exact.length > 0 && exact.every((term) => term.id === exact[0]!.id);
  return { terms, rejected, exactId: exactId ? exact[0]!.id : undefined };
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
