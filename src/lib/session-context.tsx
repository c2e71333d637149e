import { createContext, useContext } from 'react';
import type { ServiceSession } from '../api/http';

export type SignOutReason = 'signed-out' | 'expired';

export interface SessionContextValue {
  session: ServiceSession | null;
  /** Why the last session ended, shown once on the sign-in form. */
  endedBecause: SignOutReason | null;
  /** The service of the session that just ended (never its token), to sign in again there. */
  lastServiceUrl: string | null;
  signIn: (session: ServiceSession) => void;
  signOut: (reason?: SignOutReason) => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('No <SessionProvider> above');
  return value;
}

/** The signed-in session; only rendered under the signed-in part of the app. */
export function useSession(): ServiceSession {
  const { session } = useSessionContext();
  if (!session) throw new Error('Not signed in');
  return session;
}
