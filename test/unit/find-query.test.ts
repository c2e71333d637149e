import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/api/schemas';
import { narrowRows, parseFindQuery } from '../../src/features/conversations/find-query';

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
