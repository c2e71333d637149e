import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { normaliseServiceUrl } from '../lib/service-address';
import { useTranslation } from '../i18n/use-translation';
import { ConfigError, type AppConfig } from '../lib/config';
import type { HandOver } from '../lib/hand-over';
import { applyConnectPolicy } from '../lib/connect-policy';
import { readSession } from '../lib/session-store';
import { whenIdle } from '../lib/when-idle';
import { App } from './app';
import { loadPaneCode } from './pane-code';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Renders the app once config.json has arrived (it was requested before this code loaded). */
export async function start(
  container: HTMLElement,
  configLoaded: Promise<AppConfig>,
  handOver: HandOver,
) {
  // The first render replaces whatever the first screen (src/boot/) drew in the container.
  const root = createRoot(container);
  try {
    const config = await configLoaded;
    // Signed out, the service the agent already pressed Sign in for (on the form drawn before
    // the app, or being checked after a reload): the page may connect there and nowhere else.
    const typed = handOver.typedSignIn();
    const signingIn = typed?.submitted ? normaliseServiceUrl(typed.serviceUrl) : null;
    const origin = originOf(readSession()?.serviceUrl ?? signingIn ?? config.serviceUrl);
    if (origin) applyConnectPolicy(origin);
    root.render(
      <StrictMode>
        <App config={config} handOver={handOver} />
      </StrictMode>,
    );
    // The JSON requests move to a worker of their own as the app starts: reading answers off the
    // main thread keeps paging at the network's pace while the list draws (docs/architecture.md).
    // Not at idle: an agent who scrolls at once leaves the page no idle time. Until the worker
    // says it is ready, and wherever it cannot start, the page makes them itself.
    if (typeof Worker === 'function') {
      void import('../api/request-worker/client').then(
        ({ startRequestWorker }) => startRequestWorker(),
        () => undefined,
      );
    }
    // The installed app (its worker, update checks, the count on its icon) comes with the pane's
    // code, which holds the worker's registration for downloads: none of it is needed to show the
    // first screen, so it starts once that is up.
    whenIdle(
      () =>
        void loadPaneCode().then(
          (code) => code.startInstalledApp(),
          () => undefined,
        ),
    );
  } catch (error) {
    root.render(<StartFailed error={error} />);
  }
}

function StartFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <main className="route-error">
      <h1>{t('app.startFailedTitle')}</h1>
      <p role="alert">{error instanceof ConfigError ? error.text : t('app.startFailed')}</p>
    </main>
  );
}
