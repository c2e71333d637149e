import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { AppConfig } from '../lib/config';
import { DownloadsProvider, type DownloadOptions } from '../features/downloads';
import { ConfigProvider } from '../lib/config-context';
import { useSessionContext } from '../lib/session-context';
import { LiveRegion } from '../ui/live-region';
import { ToastProvider, useToast } from '../ui/toast';
import { createQueryClient, type QueryDefaults } from './query-client';
import { QueryErrorRelay } from './query-error-relay';
import { SessionProvider } from './session-provider';

const Devtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })),
    )
  : () => null;

/** Points the query cache's global error handling at the session and the toasts. */
function QueryErrorBridge({ relay }: { relay: QueryErrorRelay }) {
  const { signOut } = useSessionContext();
  const { showToast } = useToast();
  useEffect(
    () => relay.connect({ onUnauthorized: () => signOut('expired'), onBackgroundError: showToast }),
    [relay, signOut, showToast],
  );
  return null;
}

interface AppProvidersProps {
  config: AppConfig;
  children: ReactNode;
  /** Tests turn retries off here; the app keeps the defaults. */
  queryDefaults?: QueryDefaults;
  /** Tests lower the download timers here; the app keeps the defaults. */
  downloadOptions?: Partial<DownloadOptions>;
}

export function AppProviders({
  config,
  children,
  queryDefaults,
  downloadOptions,
}: AppProvidersProps) {
  const [relay] = useState(() => new QueryErrorRelay());
  const [queryClient] = useState(() => createQueryClient(relay, queryDefaults));
  // Nothing fetched with an ended session's token may be shown again.
  const dropCache = useCallback(() => queryClient.clear(), [queryClient]);

  return (
    <ConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider onSessionEnd={dropCache}>
            <QueryErrorBridge relay={relay} />
            <DownloadsProvider options={downloadOptions}>{children}</DownloadsProvider>
          </SessionProvider>
          <LiveRegion />
        </ToastProvider>
        <Suspense fallback={null}>
          <Devtools buttonPosition="bottom-left" />
        </Suspense>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
