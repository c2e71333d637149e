/**
 * Trusted Types. index.html's Content-Security-Policy says
 * `require-trusted-types-for 'script'; trusted-types threadline-worker`: the browser refuses a
 * plain string at every script sink (innerHTML, script.src, eval, worker URLs, …) and lets the app
 * create one policy, this one. Its only sink is registering the app's service worker
 * (`navigator.serviceWorker.register`: downloads and the installed app), and it turns exactly that
 * worker's URL on this origin into a TrustedScriptURL; anything else throws. Imported only by
 * lib/app-worker.ts, which loads with the pane's code, never in the first load.
 */
import { WORKER_SCRIPT_PATH } from '../download-worker/protocol';

export const WORKER_POLICY_NAME = 'threadline-worker';

/**
 * The policy's rule: `input`, resolved against `base` (the page's URL), must be the worker script
 * on `base`'s origin, with no query or fragment. Returns its absolute URL; throws otherwise.
 */
export function checkWorkerScriptUrl(input: string, base: string): string {
  const origin = new URL(base).origin;
  let url: URL | null = null;
  try {
    url = new URL(input, base);
  } catch {
    // An unparsable URL is refused below like any other.
  }
  if (
    !url ||
    url.origin !== origin ||
    url.pathname !== WORKER_SCRIPT_PATH ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new TypeError(`${WORKER_POLICY_NAME}: refused script URL ${JSON.stringify(input)}`);
  }
  return url.href;
}

/** The parts of the Trusted Types API the app uses (TypeScript's DOM library does not declare it). */
export interface ScriptUrlPolicy {
  createScriptURL(input: string): object;
}
export interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | null = null;

/**
 * The download worker's URL for `navigator.serviceWorker.register`: a TrustedScriptURL from the
 * app's one policy where the browser has Trusted Types, else the checked string (browsers without
 * Trusted Types, such as older Firefox ESR, accept only strings there). Throws for any other URL.
 */
export function workerScriptUrl(input: string): string {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return checkWorkerScriptUrl(input, location.href);
  policy ??= factory.createPolicy(WORKER_POLICY_NAME, {
    createScriptURL: (url) => checkWorkerScriptUrl(url, location.href),
  });
  // register() takes a TrustedScriptURL (it stringifies to the URL); TypeScript only knows strings.
  return policy.createScriptURL(input) as unknown as string;
}
