import * as v from 'valibot';
import type { ServiceSession } from '../api/http';
import type { SignOutReason } from './session-context';
import { sessionSchema } from './session-store';

/**
 * Open tabs of the app share one session. A new tab (a conversation opened with Ctrl+click, or
 * the app's address typed again) asks the open tabs and is signed in without the token being
 * typed again; signing out, or a 401, in one tab signs every tab out.
 *
 * A BroadcastChannel reaches only this origin's tabs in this browser profile and keeps nothing:
 * the token stays in sessionStorage and memory only (never localStorage, IndexedDB, cookies or a
 * URL), and is gone once every tab is closed.
 */
const CHANNEL = 'threadline-session';

type Message =
  | { type: 'ask' }
  | { type: 'session'; session: unknown }
  | { type: 'checking' }
  | { type: 'signed-out'; reason: unknown };

const supported = () => typeof BroadcastChannel !== 'undefined';

/** Answers other tabs' requests with this tab's session, and follows their sign-outs. */
export function shareSession(
  current: () => ServiceSession | null,
  onSignedOut: (reason: SignOutReason) => void,
): () => void {
  if (!supported()) return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    if (data.type === 'ask') {
      const session = current();
      if (session) channel.postMessage({ type: 'session', session } satisfies Message);
    } else if (data.type === 'signed-out' && current()) {
      onSignedOut(data.reason === 'expired' ? 'expired' : 'signed-out');
    }
  };
  return () => channel.close();
}

/** Tells the other tabs this tab signed out (or its token was refused). */
export function announceSignOut(reason: SignOutReason): void {
  if (!supported()) return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'signed-out', reason } satisfies Message);
  channel.close();
}

/**
 * While this tab checks a sign-in it has no session to answer with, and a tab that asked then
 * would take the silence for "none" and stay on the form: it is told to wait instead, and gets
 * the session once the service has accepted it. Call the returned function with the outcome
 * (null: refused, or no answer).
 */
export function shareSignInCheck(): (accepted: ServiceSession | null) => void {
  if (!supported()) return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    if (data.type === 'ask') channel.postMessage({ type: 'checking' } satisfies Message);
  };
  return (session) => {
    if (session) channel.postMessage({ type: 'session', session } satisfies Message);
    channel.close();
  };
}

/** How long a new tab waits for an open tab to hand over its session. */
const ASK_WAIT_MS = 300;

/**
 * The session of another open tab, or null when none answers in time. A tab in the middle of
 * signing in answers that it is checking: the answer is then its session, whenever it comes.
 */
export function askOpenTabs(): Promise<ServiceSession | null> {
  if (!supported()) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(CHANNEL);
    const done = (session: ServiceSession | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(session);
    };
    const timer = setTimeout(() => done(null), ASK_WAIT_MS);
    channel.onmessage = ({ data }: MessageEvent<Message>) => {
      if (data.type === 'checking') clearTimeout(timer);
      if (data.type !== 'session') return;
      const parsed = v.safeParse(sessionSchema, data.session);
      if (parsed.success) done(parsed.output);
    };
    channel.postMessage({ type: 'ask' } satisfies Message);
  });
}
