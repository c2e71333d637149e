import * as v from 'valibot';
import type { ServiceSession } from '../api/http';

/**
 * The token lives in sessionStorage only: it survives a reload of this tab and
 * dies with it, is not shared with other tabs, and never touches localStorage,
 * a URL or a log.
 */
export const SESSION_KEY = 'threadline.session';
/** The agent's place in this tab (lib/place-store.ts): it goes with a sign-out, not with an expiry. */
export const PLACE_KEY = 'threadline.place';
/**
 * A sign-in to another service than the page may connect to: the page reloads to connect there
 * (lib/connect-policy.ts), and the sign-in is checked after the reload, on the form, before it
 * becomes the session. Until then no tab may take it and nothing fetched with it may sign anyone
 * out: a mistyped token is the form's to report.
 */
export const SIGN_IN_TO_CHECK_KEY = 'threadline.sign-in-to-check';

export const sessionSchema = v.object({
  serviceUrl: v.pipe(v.string(), v.url()),
  token: v.string(),
});

export function readSession(): ServiceSession | null {
  return readStored(SESSION_KEY);
}

function readStored(key: string): ServiceSession | null {
  try {
    const raw = sessionStorage.getItem(key);
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

/** Keeps a sign-in to check across the reload that lets the page connect to its service. */
export function keepSignInToCheck(session: ServiceSession): void {
  sessionStorage.setItem(SIGN_IN_TO_CHECK_KEY, JSON.stringify(session));
}

/** The sign-in kept to check after a reload, if there is one. */
export function readSignInToCheck(): ServiceSession | null {
  return readStored(SIGN_IN_TO_CHECK_KEY);
}

/** The sign-in kept to check has been checked: it is the session now, or the form's to put right. */
export function forgetSignInToCheck(): void {
  try {
    sessionStorage.removeItem(SIGN_IN_TO_CHECK_KEY);
  } catch {
    // Storage refused: there was nothing kept to forget.
  }
}

/**
 * Ends the session in this tab. Signing out removes the agent's places too; a session that
 * expired keeps them (ids and offsets only), so signing in again to the same service comes back
 * to the row the agent was at.
 */
export function clearSession({ keepPlaces = false }: { keepPlaces?: boolean } = {}): void {
  sessionStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(SIGN_IN_TO_CHECK_KEY);
  if (!keepPlaces) sessionStorage.removeItem(PLACE_KEY);
}
