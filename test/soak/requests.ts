/** What the double was asked during one stretch of the soak, by kind. */
import type { RequestLogEntry, ServiceState } from '../../service-double/index';
import { isListGet, requestMark, requestsSince } from '../bench/service';

export interface RequestCounts {
  /** GET /conversations/list without a cursor: polls and first pages after a filter change. */
  listFirst: number;
  /** GET /conversations/list with a cursor: next pages. */
  listNext: number;
  /** Distinct (filter, cursor) among listNext: the pages loaded; the rest asked again. */
  listNextDistinct: number;
  messages: number;
  attachments: number;
  /** CORS preflights (OPTIONS), any path. */
  preflights: number;
  /** Answered with an error status, or never answered. */
  failed: number;
}

export const emptyCounts = (): RequestCounts => ({
  listFirst: 0,
  listNext: 0,
  listNextDistinct: 0,
  messages: 0,
  attachments: 0,
  preflights: 0,
  failed: 0,
});

export function listGets(counts: RequestCounts): number {
  return counts.listFirst + counts.listNext;
}

export function addCounts(a: RequestCounts, b: RequestCounts): RequestCounts {
  const sum = emptyCounts();
  for (const key of Object.keys(sum) as (keyof RequestCounts)[]) sum[key] = a[key] + b[key];
  return sum;
}

/** The page's cursor and filter, without the limit: one key per page of one filter. */
function pageKey(entry: RequestLogEntry): string {
  const params = new URLSearchParams(entry.query);
  return `${params.getAll('statusId').sort().join(',')}|${params.get('next') ?? ''}`;
}

/**
 * Reads the double's request log incrementally. The log is bounded (service-double/state.ts
 * keeps the last 10,000–20,000 entries), so `collect` is called often and counts as it goes.
 */
export class RequestTally {
  private mark: number;
  private counts = emptyCounts();
  private pages = new Set<string>();
  /** Entries seen while still pending, re-read for their status. */
  private pending: RequestLogEntry[] = [];

  constructor(private readonly state: ServiceState) {
    this.mark = requestMark(state);
  }

  collect(): void {
    const fresh = requestsSince(this.state, this.mark);
    this.mark = fresh.at(-1)?.seq ?? this.mark;
    const stillPending: RequestLogEntry[] = [];
    for (const entry of this.pending) {
      if (entry.status === null) stillPending.push(entry);
      else if (entry.status >= 400) this.counts.failed++;
    }
    for (const entry of fresh) {
      this.count(entry);
      if (entry.status === null) stillPending.push(entry);
      else if (entry.status >= 400) this.counts.failed++;
    }
    this.pending = stillPending;
  }

  /** Counts since the last `take`, then starts a new stretch. */
  take(): RequestCounts {
    this.collect();
    const taken = this.counts;
    this.counts = emptyCounts();
    this.pages = new Set();
    return taken;
  }

  private count(entry: RequestLogEntry): void {
    const c = this.counts;
    if (entry.method === 'OPTIONS') c.preflights++;
    else if (isListGet(entry)) {
      if (new URLSearchParams(entry.query).has('next')) {
        c.listNext++;
        const key = pageKey(entry);
        if (!this.pages.has(key)) {
          this.pages.add(key);
          c.listNextDistinct++;
        }
      } else c.listFirst++;
    } else if (entry.path.endsWith('/messages')) c.messages++;
    else if (entry.path.includes('/attachments/')) c.attachments++;
  }
}
