import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigError, loadConfig } from './lib/config';
import { applyConnectPolicy } from './lib/connect-policy';
import { readSession } from './lib/session-store';
import './ui/styles.css';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadConfig();
    const origin = originOf(readSession()?.serviceUrl ?? config.serviceUrl);
    if (origin) applyConnectPolicy(origin);
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  } catch (error) {
    root.render(
      <main className="route-error">
        <h1>Threadline could not start</h1>
        <p role="alert">
          {error instanceof ConfigError ? error.message : 'An unexpected error stopped the app.'}
        </p>
      </main>,
    );
  }
}

void start();
