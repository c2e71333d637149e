import * as v from 'valibot';
import type { ServiceSession } from '../api/http';

/**
 * The token lives in sessionStorage only: it survives a reload of this tab and
 * dies with it, is not shared with other tabs, and never touches localStorage,
 * a URL or a log.
 */
export const SESSION_KEY = 'threadline.session';
/** The agent's place in this tab (lib/place-store.ts): it belongs to the session and goes with it. */
export const PLACE_KEY = 'threadline.place';

export const sessionSchema = v.object({
  serviceUrl: v.pipe(v.string(), v.url()),
  token: v.string(),
});

export function readSession(): ServiceSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(sessionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeSession(session: ServiceSession): void {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  sessionStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(PLACE_KEY);
}
