import { hash32 } from './prng.ts';
import type { ApiError } from './responses.ts';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 50;

/**
 * A cursor is the offset into the filtered, ordered list. Cursors handed out by an empty-page fault
 * carry this flag added, meaning "same offset, but do not answer empty again", so a client that
 * follows cursors always makes progress and never sees the same cursor twice in a row.
 */
export const RETRY_FLAG = 1_000_000_000;

export interface Cursor {
  offset: number;
  /** The request already got an empty page at this offset. */
  retried: boolean;
  raw: string | undefined;
}

export interface PageQuery {
  limit: number;
  cursor: Cursor;
}

const INTEGER = /^\d+$/;

/** Validates limit and next; returns errors with `param` instead of throwing. */
export function parsePageQuery(params: URLSearchParams, errors: ApiError[]): PageQuery {
  let limit = DEFAULT_LIMIT;
  const limits = params.getAll('limit');
  const limitText = limits[0];
  if (limits.length > 1) {
    errors.push({
      type: 'validation_error',
      message: 'limit must be given at most once',
      param: 'limit',
    });
  } else if (limitText !== undefined) {
    const value = Number(limitText);
    if (!INTEGER.test(limitText) || value < 1 || value > MAX_LIMIT) {
      errors.push({
        type: 'validation_error',
        message: `limit must be an integer from 1 to ${MAX_LIMIT}`,
        param: 'limit',
      });
    } else {
      limit = value;
    }
  }
  const nexts = params.getAll('next');
  const raw = nexts[0];
  let offset = 0;
  let retried = false;
  if (nexts.length > 1) {
    errors.push({
      type: 'validation_error',
      message: 'next must be given at most once',
      param: 'next',
    });
  } else if (raw !== undefined) {
    const value = Number(raw);
    if (!INTEGER.test(raw) || !Number.isSafeInteger(value)) {
      errors.push({
        type: 'validation_error',
        message: 'next must be a cursor returned in pagination.next',
        param: 'next',
      });
    } else {
      retried = value >= RETRY_FLAG;
      offset = retried ? value - RETRY_FLAG : value;
    }
  }
  return { limit, cursor: { offset, retried, raw } };
}

/**
 * Page sizes deliberately differ from `limit` now and then (the interface's own example returns
 * three items for limit 2). Pure function of (offset, limit): without updates, consecutive pages
 * neither skip nor repeat items.
 */
export function pageSize(offset: number, limit: number): number {
  const roll = hash32(0x9a6e, offset, limit) % 10;
  if (roll < 2) return limit + 1;
  if (roll === 2) return Math.max(1, limit - 2);
  return limit;
}

/** Offset at which page `page` (1-based) starts when a client pages from the beginning. */
export function pageOffset(page: number, limit: number): number {
  let offset = 0;
  for (let i = 1; i < page; i++) offset += pageSize(offset, limit);
  return offset;
}

export interface Pagination {
  more: true;
  next: string;
}

export interface PageOptions {
  emptyPage: boolean;
  repeatCursor: boolean;
}

/** One page of `items` per the envelope rules; `pagination` is absent exactly when nothing follows. */
export function paginate<T>(
  items: readonly T[],
  { limit, cursor }: PageQuery,
  { emptyPage, repeatCursor }: PageOptions,
): { data: T[]; pagination?: Pagination } {
  const { offset } = cursor;
  if (offset >= items.length) return { data: [] };
  if (emptyPage && !cursor.retried) {
    return { data: [], pagination: { more: true, next: String(RETRY_FLAG + offset) } };
  }
  const data = items.slice(offset, offset + pageSize(offset, limit));
  const end = offset + data.length;
  if (repeatCursor) return { data, pagination: { more: true, next: cursor.raw ?? '0' } };
  return end < items.length ? { data, pagination: { more: true, next: String(end) } } : { data };
}
