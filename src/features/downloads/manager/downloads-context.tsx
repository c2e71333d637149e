import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { t } from '../../../i18n/translate';
import { useSessionContext } from '../../../lib/session-context';
import type { DownloadOptions } from '../engines/download-settings';
import { ManagerSlot } from './manager-slot';

interface DownloadsContextValue {
  /** The manager, once the pane's code has created it (manager-slot.ts). */
  slot: ManagerSlot;
  /** Tests lower the download timers here; the app uses the defaults. */
  options: Partial<DownloadOptions>;
}

const DownloadsContext = createContext<DownloadsContextValue | null>(null);

interface DownloadsProviderProps {
  children: ReactNode;
  options?: Partial<DownloadOptions> | undefined;
}

/**
 * One download manager for the whole app, above the routes, so nothing the agent opens or closes
 * can end a download. A session's downloads end with it (its token is gone). The manager itself
 * arrives with the pane's code (manager-slot.ts).
 */
export function DownloadsProvider({ children, options = {} }: DownloadsProviderProps) {
  const { session } = useSessionContext();
  const [slot] = useState(() => new ManagerSlot());
  const [value] = useState(() => ({ slot, options }));

  useEffect(() => () => slot.manager?.reset(), [slot, session]);

  return <DownloadsContext.Provider value={value}>{children}</DownloadsContext.Provider>;
}

export function useDownloadsContext(): DownloadsContextValue {
  const value = useContext(DownloadsContext);
  if (!value) throw new Error('No <DownloadsProvider> above');
  return value;
}

/**
 * Sign out, asking first while downloads are running in the page: signing out cancels them, since
 * the token they use is gone.
 */
export function useConfirmedSignOut(): () => void {
  const { slot } = useDownloadsContext();
  const { signOut } = useSessionContext();
  return () => {
    const running = slot.running();
    if (running > 0 && !window.confirm(t('downloadsPanel.confirmSignOut', { count: running })))
      return;
    signOut();
  };
}
