import * as v from 'valibot';
import type { ServiceSession } from '../api/http';

/**
 * The token lives in sessionStorage only: it survives a reload of this tab and
 * dies with it, is not shared with other tabs, and never touches localStorage,
 * a URL or a log.
 */
const KEY = 'threadline.session';

export const sessionSchema = v.object({
  serviceUrl: v.pipe(v.string(), v.url()),
  token: v.string(),
});

export function readSession(): ServiceSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = v.safeParse(sessionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeSession(session: ServiceSession): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
}
