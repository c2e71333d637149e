import type { AppConfig } from '../lib/config';
import type { HandOver } from '../lib/hand-over';
import { t } from '../i18n/translate';

const LOAD_FAILURE_ID = 'threadline-load-failure';

/**
 * Loads the UI code (src/app/start.tsx) and starts it, once. When the connection drops while it
 * is on its way: an alert with Retry above whatever is drawn, and another try when the
 * connection returns or the agent asks. Text only, never HTML.
 */
export function uiLoader(root: HTMLElement, config: Promise<AppConfig>, handOver: HandOver) {
  let state: 'waiting' | 'loading' | 'failed' | 'running' = 'waiting';

  function load() {
    if (state === 'loading' || state === 'running') return;
    state = 'loading';
    import('../app/start').then(
      ({ start }) => {
        state = 'running';
        document.getElementById(LOAD_FAILURE_ID)?.remove();
        void start(root, config, handOver);
      },
      () => {
        state = 'failed';
        showLoadFailure(load);
        window.addEventListener('online', load, { once: true });
      },
    );
  }

  return {
    /** Starts loading unless a load has already been started (a failed one waits for Retry). */
    start() {
      if (state === 'waiting') load();
    },
    /**
     * Downloads the UI code at low priority without running it, so it is in the HTTP cache when
     * started and does not compete with the first rows for the main thread.
     */
    prefetch() {
      for (const href of uiCodeFiles()) {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
    },
  };
}

/** The UI code's files, listed in index.html by the build (vite.config.ts); none in development. */
function uiCodeFiles(): string[] {
  const list = document.getElementById('ui-code-files')?.textContent;
  try {
    const files: unknown = list ? JSON.parse(list) : [];
    return Array.isArray(files) ? files.filter((file) => typeof file === 'string') : [];
  } catch {
    return [];
  }
}

function showLoadFailure(retry: () => void) {
  if (document.getElementById(LOAD_FAILURE_ID)) return;
  const alert = document.createElement('div');
  alert.id = LOAD_FAILURE_ID;
  alert.className = 'load-failure';
  alert.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = navigator.onLine ? t('app.loadFailed') : t('app.loadOffline');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t('ui.retry');
  button.addEventListener('click', retry);
  alert.append(text, button);
  document.body.prepend(alert);
}
