import { createDeadline } from '../../../api/deadline';
import { WORKER_SCRIPT_PATH, type PageMessage } from '../../../download-worker/protocol';
import { workerScriptUrl } from '../../../lib/trusted-types';
import { WORKER_SETUP_TIMEOUT_MS } from './download-settings';

/**
 * The download worker (src/download-worker/, served as /download-sw.js) is registered lazily, the
 * first time a large download needs it, so it never slows the first list render.
 */

/** Service workers exist only in secure contexts (https, http://127.0.0.1, http://localhost). */
export function workerDownloadsAvailable(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    window.isSecureContext
  );
}

let setup: Promise<ServiceWorker> | null = null;

/** Fails (with a timeout) when the worker has not taken control in time; the setup goes on. */
async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = createDeadline({ timeoutMs });
  try {
    return await deadline.race(promise);
  } finally {
    deadline.dispose();
  }
}

async function registerAndTakeControl(): Promise<ServiceWorker> {
  const container = navigator.serviceWorker;
  // Under Trusted Types (index.html's CSP) register() takes only a TrustedScriptURL.
  await container.register(workerScriptUrl(WORKER_SCRIPT_PATH), {
    scope: '/',
    updateViaCache: 'none',
  });
  const registration = await container.ready;
  if (!container.controller) {
    // First registration: the worker claims open pages when it activates. A page loaded with a
    // hard reload is not controlled even by an active worker, so ask it to claim again.
    const controlled = new Promise<void>((resolve) => {
      container.addEventListener('controllerchange', () => resolve(), { once: true });
    });
    registration.active?.postMessage({ type: 'claim' } satisfies PageMessage);
    await controlled;
  }
  const worker = registration.active ?? container.controller;
  if (!worker) throw new Error('The download worker is not active.');
  return worker;
}

/** The active download worker, controlling this page; registered on first use. */
export function ensureDownloadWorker(): Promise<ServiceWorker> {
  setup ??= withTimeout(registerAndTakeControl(), WORKER_SETUP_TIMEOUT_MS).catch(
    (error: unknown) => {
      setup = null;
      throw error;
    },
  );
  return setup;
}
