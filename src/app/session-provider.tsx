import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ServiceSession } from '../api/http';
import { applyConnectPolicy, canConnectTo } from '../lib/connect-policy';
import { announceSignOut, shareSession } from '../lib/session-share';
import { clearSession, readSession, writeSession } from '../lib/session-store';
import { SessionContext, type SignOutReason } from '../lib/session-context';

interface SessionProviderProps {
  children: ReactNode;
  /** Called whenever a session ends, to drop everything fetched with it. */
  onSessionEnd: () => void;
}

export function SessionProvider({ children, onSessionEnd }: SessionProviderProps) {
  const [session, setSession] = useState<ServiceSession | null>(readSession);
  const [endedBecause, setEndedBecause] = useState<SignOutReason | null>(null);
  const [lastServiceUrl, setLastServiceUrl] = useState<string | null>(null);

  const signIn = useCallback((next: ServiceSession) => {
    writeSession(next);
    const origin = new URL(next.serviceUrl).origin;
    if (!canConnectTo(origin)) {
      // The page's connection policy names another origin and can only be tightened.
      window.location.reload();
      return;
    }
    applyConnectPolicy(origin);
    setEndedBecause(null);
    setSession(next);
  }, []);

  /** Ends the session in this tab; `tell` the other open tabs unless one of them told us. */
  const endSession = useCallback(
    (reason: SignOutReason, tell: boolean) => {
      const ended = readSession();
      clearSession({ keepPlaces: reason === 'expired' });
      onSessionEnd();
      if (ended) setLastServiceUrl(ended.serviceUrl);
      setEndedBecause(reason);
      setSession(null);
      if (tell) announceSignOut(reason);
    },
    [onSessionEnd],
  );
  const signOut = useCallback(
    (reason: SignOutReason = 'signed-out') => endSession(reason, true),
    [endSession],
  );

  // Other open tabs get this tab's session when they ask, and sign out together with it
  // (lib/session-share.ts).
  useEffect(() => shareSession(readSession, (reason) => endSession(reason, false)), [endSession]);

  const value = useMemo(
    () => ({ session, endedBecause, lastServiceUrl, signIn, signOut }),
    [session, endedBecause, lastServiceUrl, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
