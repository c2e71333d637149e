import { createDeadline } from '../../../api/deadline';
import {
  appWorkerAvailable,
  askToControlThisPage,
  registerAppWorker,
} from '../../../lib/app-worker';
import { WORKER_SETUP_TIMEOUT_MS } from './download-settings';

/**
 * The download worker (src/download-worker/, served as /download-sw.js, also the app shell's
 * worker: lib/app-worker.ts) for a large download. The installed app registers it once the first
 * rows are drawn; a download that comes first registers it itself.
 */

/** Whether this browser can hand downloads to the worker at all. */
export function workerDownloadsAvailable(): boolean {
  return appWorkerAvailable();
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
  await registerAppWorker();
  // First registration: the worker claims open pages when it activates; a page it missed (a hard
  // reload, say) is asked for.
  const controlled = container.controller
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        container.addEventListener('controllerchange', () => resolve(), { once: true });
      });
  const registration = await askToControlThisPage();
  await controlled;
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
