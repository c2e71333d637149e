import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { forgetRequestsAhead } from '../api/http';
import type { AppConfig } from '../lib/config';
import { DownloadsProvider, type DownloadOptions } from '../features/downloads';
import { ConfigProvider } from '../lib/config-context';
import { HandOverContext, NO_HAND_OVER, type HandOver } from '../lib/hand-over';
import { useSessionContext } from '../lib/session-context';
import { LiveRegion } from '../ui/live-region';
import { ToastProvider, useToast } from '../ui/toast';
import { createQueryClient, type QueryDefaults } from './query-client';
import { takeOverFirstPage } from './take-over-first-page';
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

/** The live region, wiped when a session begins or ends: what it said belonged to the last one. */
function SessionLiveRegion() {
  return <LiveRegion owner={useSessionContext().session} />;
}

interface AppProvidersProps {
  config: AppConfig;
  children: ReactNode;
  /** Tests turn retries off here; the app keeps the defaults. */
  queryDefaults?: QueryDefaults;
  /** Tests lower the download timers here; the app keeps the defaults. */
  downloadOptions?: Partial<DownloadOptions>;
  /** What the first screen (src/boot/) did before the app took over. */
  handOver?: HandOver;
}

export function AppProviders({
  config,
  children,
  queryDefaults,
  downloadOptions,
  handOver = NO_HAND_OVER,
}: AppProvidersProps) {
  const [relay] = useState(() => new QueryErrorRelay());
  const [queryClient] = useState(() => {
    const client = createQueryClient(relay, queryDefaults);
    if (handOver.firstPage) takeOverFirstPage(client, handOver.firstPage, config.listTimeoutMs);
    return client;
  });
  // Nothing fetched with an ended session's token may be shown again, or be fetched on.
  const dropCache = useCallback(() => {
    queryClient.clear();
    forgetRequestsAhead();
  }, [queryClient]);

  return (
    <ConfigProvider config={config}>
      <HandOverContext value={handOver}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <SessionProvider onSessionEnd={dropCache}>
              <QueryErrorBridge relay={relay} />
              <DownloadsProvider options={downloadOptions}>{children}</DownloadsProvider>
              <SessionLiveRegion />
            </SessionProvider>
          </ToastProvider>
          <Suspense fallback={null}>
            <Devtools buttonPosition="bottom-left" />
          </Suspense>
        </QueryClientProvider>
      </HandOverContext>
    </ConfigProvider>
  );
}
