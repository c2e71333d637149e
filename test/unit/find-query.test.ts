import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/api/schemas';
import {
  createRowNarrower,
  narrowRows,
  parseFindQuery,
} from '../../src/features/conversations/find-query';
import { findLanguage, SOURCE_LANGUAGE } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';

// Local times, so the test holds in any time zone.
const NOW = new Date(2026, 10, 25, 15, 30).getTime();
const at = (month: number, day: number, hour: number) =>
  Math.floor(new Date(2026, month - 1, day, hour).getTime() / 1000);

const row = (id: number, more: Partial<Conversation> = {}): Conversation => ({
  id,
  status: 'open',
  contactId: 871,
  inboxId: 4,
  createdAt: 0,
  updatedAt: at(11, 20, 12),
  ...more,
});

const ROWS = [
  row(48213),
  row(48290, { status: 'Closed', contactId: 12 }),
  row(4821, { inboxId: 9, updatedAt: at(11, 25, 0) }),
  row(7482, { status: 'pending', updatedAt: at(11, 24, 23) * 1000 }),
  row(90, { updatedAt: at(11, 21, 0) }),
];

const ids = (query: string) => {
  const { terms } = parseFindQuery(query, NOW);
  return narrowRows(ROWS, terms).map((conversation) => conversation.id);
};

describe('the find query', () => {
  it('a bare number matches ids starting with it; #n matches that id alone', () => {
    expect(ids('482')).toEqual([48213, 48290, 4821]);
    expect(ids('#4821')).toEqual([4821]);
    expect(parseFindQuery('#48213', NOW).exactId).toBe(48213);
    expect(parseFindQuery('482', NOW).exactId).toBeUndefined();
  });

  it('contact:, inbox: and status words match those fields exactly, in any case', () => {
    expect(ids('contact:871')).toEqual([48213, 4821, 7482, 90]);
    expect(ids('contact:87')).toEqual([]);
    expect(ids('INBOX:9')).toEqual([4821]);
    expect(ids('closed')).toEqual([48290]);
    expect(ids('Pending')).toEqual([7482]);
  });

  it('a date, today and yesterday match updatedAt on that local day (seconds or milliseconds)', () => {
    expect(ids('2026-11-20')).toEqual([48213, 48290]);
    expect(ids('today')).toEqual([4821]);
    // Stored in milliseconds, at 23:00 the day before.
    expect(ids('yesterday')).toEqual([7482]);
  });

  it('words combine with AND', () => {
    expect(ids('482 open')).toEqual([48213, 4821]);
    expect(ids('482 open inbox:4 2026-11-20')).toEqual([48213]);
    expect(ids('  contact:871   today ')).toEqual([4821]);
  });

  it('names the words it does not understand and ignores them', () => {
    const query = parseFindQuery('contact:abc 482 2026-13-45 foo 2026-02-30 #-1', NOW);
    expect(query.rejected).toEqual(['contact:abc', '2026-13-45', 'foo', '2026-02-30', '#-1']);
    expect(narrowRows(ROWS, query.terms).map((c) => c.id)).toEqual([48213, 48290, 4821]);
    expect(parseFindQuery('1234567890123456', NOW).rejected).toEqual(['1234567890123456']);
  });

  it('an empty query narrows nothing and returns the same rows', () => {
    expect(narrowRows(ROWS, parseFindQuery('   ', NOW).terms)).toBe(ROWS);
  });

  it('two different exact ids pin none (and match nothing)', () => {
    const query = parseFindQuery('#48213 #4821', NOW);
    expect(query.exactId).toBeUndefined();
    expect(narrowRows(ROWS, query.terms)).toEqual([]);
  });

  it('keep narrows further (the Unread only box)', () => {
    const { terms } = parseFindQuery('482', NOW);
    expect(narrowRows(ROWS, terms, (c) => c.id !== 48290).map((c) => c.id)).toEqual([48213, 4821]);
  });
});

describe('narrowing as the agent types (one narrower per list)', () => {
  const MANY = Array.from({ length: 400 }, (_, i) =>
    row(40_000 + i * 37, {
      status: ['open', 'closed', 'pending'][i % 3]!,
      contactId: i % 7,
      inboxId: i % 5,
      updatedAt: at(11, 18 + (i % 8), i % 24),
    }),
  );
  const typedOneKeyAtATime = (text: string) =>
    Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));

  it('answers every keystroke, typed, deleted and retyped, as narrowing all the rows afresh would', () => {
    const narrow = createRowNarrower();
    const keys = [
      ...typedOneKeyAtATime('41 open contact:3 2026-11-20'),
      // Backspace back to "41 o", then another word and a shorter number.
      ...typedOneKeyAtATime('41 open contact:3 2026-11-20').reverse().slice(0, 25),
      '41 o inbox:2',
      '4 o inbox:2',
      '#40037',
      '#40037 closed',
      '#40074',
    ];
    for (const text of keys) {
      const { terms } = parseFindQuery(text, NOW);
      expect(
        narrow(MANY, terms).map((c) => c.id),
        text,
      ).toEqual(narrowRows(MANY, terms).map((c) => c.id));
    }
  });

  it('gives the same array for the same terms (a word not understood yet adds none)', () => {
    const narrow = createRowNarrower();
    const first = narrow(MANY, parseFindQuery('41', NOW).terms);
    expect(first.length).toBeGreaterThan(0);
    expect(narrow(MANY, parseFindQuery('41 o', NOW).terms)).toBe(first);
    expect(narrow(MANY, parseFindQuery('41 op', NOW).terms)).toBe(first);
    expect(narrow(MANY, parseFindQuery('41 open', NOW).terms)).not.toBe(first);
  });

  it('starts again from the rows when they change or keep does', () => {
    const narrow = createRowNarrower();
    const { terms } = parseFindQuery('4', NOW);
    expect(narrow(ROWS, terms).map((c) => c.id)).toEqual([48213, 48290, 4821]);
    const more = [...ROWS, row(4999)];
    expect(narrow(more, terms).map((c) => c.id)).toEqual([48213, 48290, 4821, 4999]);
    const notClosed = (c: Conversation) => c.status !== 'Closed';
    expect(narrow(more, terms, notClosed).map((c) => c.id)).toEqual([48213, 4821, 4999]);
    expect(narrow(more, terms).map((c) => c.id)).toEqual([48213, 48290, 4821, 4999]);
  });
});

describe('the find query in the language in use and on the agent’s clock', () => {
  afterEach(() => activateLanguage(SOURCE_LANGUAGE));

  it('takes the status words, today and yesterday in the language in use as well as in English', async () => {
    await activateLanguage(findLanguage('de')!);
    expect(ids('offen')).toEqual(ids('open'));
    expect(ids('Geschlossen')).toEqual([48290]);
    expect(ids('pending')).toEqual([7482]);
    expect(ids('heute')).toEqual([4821]);
    expect(ids('gestern today')).toEqual([]);
    expect(ids('gestern')).toEqual([7482]);
    await activateLanguage(findLanguage('ar')!);
    expect(ids('مغلقة')).toEqual([48290]);
    expect(ids('اليوم')).toEqual([4821]);
    expect(ids('closed')).toEqual([48290]);
    // A word of another language than the one in use is not understood.
    expect(parseFindQuery('offen', NOW).rejected).toEqual(['offen']);
  });

  it('a date is that calendar day on the given time zone, clock changes included', () => {
    const day = (query: string, zone: string, now = 0) => parseFindQuery(query, now, zone).terms;
    expect(day('2026-11-20', 'Asia/Tokyo')).toEqual([
      { kind: 'day', start: Date.UTC(2026, 10, 19, 15), end: Date.UTC(2026, 10, 20, 15) },
    ]);
    expect(day('2026-11-20', 'America/New_York')).toEqual([
      { kind: 'day', start: Date.UTC(2026, 10, 20, 5), end: Date.UTC(2026, 10, 21, 5) },
    ]);
    // 8 March 2026 in New York has 23 hours.
    expect(day('2026-03-08', 'America/New_York')).toEqual([
      { kind: 'day', start: Date.UTC(2026, 2, 8, 5), end: Date.UTC(2026, 2, 9, 4) },
    ]);
    // At 20:00 UTC on 25 November it is already the 26th in Tokyo.
    expect(day('today', 'Asia/Tokyo', Date.UTC(2026, 10, 25, 20))).toEqual([
      { kind: 'day', start: Date.UTC(2026, 10, 25, 15), end: Date.UTC(2026, 10, 26, 15) },
    ]);
    expect(day('yesterday', 'America/New_York', Date.UTC(2026, 10, 25, 3))).toEqual([
      { kind: 'day', start: Date.UTC(2026, 10, 23, 5), end: Date.UTC(2026, 10, 24, 5) },
    ]);
  });

  it('says until when "today" and "yesterday" mean the days they were read as: the next midnight', () => {
    const until = (query: string, zone: string, now: number) =>
      parseFindQuery(query, now, zone).until;
    // At 20:00 UTC on 25 November it is the 26th in Tokyo, until 15:00 UTC.
    expect(until('open today', 'Asia/Tokyo', Date.UTC(2026, 10, 25, 20))).toBe(
      Date.UTC(2026, 10, 26, 15),
    );
    expect(until('yesterday', 'America/New_York', Date.UTC(2026, 10, 25, 3))).toBe(
      Date.UTC(2026, 10, 25, 5),
    );
    // A date, a number or a status means the same at any time.
    expect(until('2026-11-20 open 482', 'Asia/Tokyo', Date.UTC(2026, 10, 25, 20))).toBeUndefined();
  });
});
