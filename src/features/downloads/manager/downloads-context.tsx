import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { t } from '../../../i18n/translate';
import { useSessionContext } from '../../../lib/session-context';
import type { DownloadOptions } from '../engines/download-settings';
import { DownloadManager } from './download-manager';

interface DownloadsContextValue {
  manager: DownloadManager;
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
 * can end a download. A session's downloads end with it (its token is gone).
 */
export function DownloadsProvider({ children, options = {} }: DownloadsProviderProps) {
  const { session } = useSessionContext();
  const [manager] = useState(() => new DownloadManager());
  const [value] = useState(() => ({ manager, options }));

  useEffect(() => () => manager.reset(), [manager, session]);

  return <DownloadsContext.Provider value={value}>{children}</DownloadsContext.Provider>;
}

export function useDownloadsContext(): DownloadsContextValue {
  const value = useContext(DownloadsContext);
  if (!value) throw new Error('No <DownloadsProvider> above');
  return value;
}

export function useDownloadManager(): DownloadManager {
  return useDownloadsContext().manager;
}

/**
 * Sign out, asking first while downloads are running in the page: signing out cancels them, since
 * the token they use is gone.
 */
export function useConfirmedSignOut(): () => void {
  const manager = useDownloadManager();
  const { signOut } = useSessionContext();
  return () => {
    const running = manager.active().length;
    if (running > 0 && !window.confirm(t('downloadsPanel.confirmSignOut', { count: running })))
      return;
    signOut();
  };
}
