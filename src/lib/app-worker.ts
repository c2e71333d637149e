import { type PageMessage, WORKER_SCRIPT_PATH } from '../download-worker/protocol';
import { workerScriptUrl } from './trusted-types';

/**
 * The app's one service worker (src/download-worker/, served as /download-sw.js): downloads, the
 * precached app shell and config.json's last good copy. A scope holds one worker, so the downloads
 * feature and the installed app (features/installed-app/) register the same one, through here.
 * Both load lazily: registering never slows the first rows.
 */

/** Service workers exist only in secure contexts (https, http://127.0.0.1, http://localhost). */
export function appWorkerAvailable(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    window.isSecureContext
  );
}

let registering: Promise<ServiceWorkerRegistration> | null = null;

/** Registers the worker (once per page; a failure is forgotten, so the next call tries again). */
export function registerAppWorker(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker
    // Under Trusted Types (index.html's CSP) register() takes only a TrustedScriptURL. The
    // browser checks for a new version of the script on the network, never in its HTTP cache.
    .register(workerScriptUrl(WORKER_SCRIPT_PATH), { scope: '/', updateViaCache: 'none' })
    .catch((error: unknown) => {
      registering = null;
      throw error;
    });
  return registering;
}

/**
 * Asks the active worker to control this page when it does not: a page loaded past it (a hard
 * reload) or while the first version was activating (its claim of the open pages came before
 * this one existed) would otherwise stay uncontrolled until its next load, its later chunks and
 * config.json off the worker's copies.
 */
export async function askToControlThisPage(): Promise<ServiceWorkerRegistration> {
  const container = navigator.serviceWorker;
  const registration = await container.ready;
  if (!container.controller) {
    registration.active?.postMessage({ type: 'claim' } satisfies PageMessage);
  }
  return registration;
}
