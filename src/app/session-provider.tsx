import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ServiceSession } from '../api/http';
import { applyConnectPolicy, canConnectTo } from '../lib/connect-policy';
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

  const signOut = useCallback(
    (reason: SignOutReason = 'signed-out') => {
      const ended = readSession();
      clearSession();
      onSessionEnd();
      if (ended) setLastServiceUrl(ended.serviceUrl);
      setEndedBecause(reason);
      setSession(null);
    },
    [onSessionEnd],
  );

  const value = useMemo(
    () => ({ session, endedBecause, lastServiceUrl, signIn, signOut }),
    [session, endedBecause, lastServiceUrl, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
