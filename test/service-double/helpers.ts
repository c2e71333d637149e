import { afterEach } from 'vitest';
import type { RunningServiceDouble, StartOptions } from '../../service-double/server';
import { startServiceDouble } from '../../service-double/server';
import { DEMO_TOKEN } from '../../service-double/state';

export const AUTH = { Authorization: `Bearer ${DEMO_TOKEN}` };

const running: RunningServiceDouble[] = [];

/** Starts a double on a free port; it is closed after the current test. */
export async function start(options: StartOptions = {}): Promise<RunningServiceDouble> {
  const service = await startServiceDouble({ conversations: 300, ...options });
  running.push(service);
  return service;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.close()));
});

export interface Conversation {
  id: number;
  status: string;
  contactId: number;
  inboxId: number;
  createdAt: number;
  updatedAt: number;
}

export interface Page<T> {
  data?: T[];
  pagination?: { more: boolean; next: string };
  errors?: { type: string; message: string; param?: string }[];
}

export async function getJson<T = Conversation>(
  url: string,
  headers: Record<string, string> = AUTH,
): Promise<{ status: number; body: Page<T>; response: Response }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as Page<T>, response };
}

/** Follows cursors from the first page to the end; returns every page. */
export async function pageAll<T = Conversation>(
  base: string,
  query = '',
  maxPages = 10_000,
): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let next: string | undefined;
  do {
    const params = new URLSearchParams(query);
    if (next !== undefined) params.set('next', next);
    const { status, body } = await getJson<T>(`${base}?${params}`);
    if (status !== 200) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`);
    pages.push(body);
    next = body.pagination?.next;
    if (pages.length > maxPages) throw new Error('too many pages');
  } while (next !== undefined);
  return pages;
}

export function isOrdered(items: readonly Conversation[]): boolean {
  return items.every((c, i) => {
    const prev = items[i - 1];
    return (
      !prev || prev.updatedAt > c.updatedAt || (prev.updatedAt === c.updatedAt && prev.id > c.id)
    );
  });
}
