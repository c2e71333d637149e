/**
 * Dedicated workers under Trusted Types. `new Worker(url)` is a script sink under
 * `require-trusted-types-for 'script'`, so each of the app's dedicated workers has a policy of its
 * own, named in the CSP's `trusted-types` list, that allows exactly one URL: that worker's file as
 * the build emitted it, on this origin. Where the browser has no Trusted Types the same check
 * runs on the plain string.
 */
import type { ScriptUrlPolicy, TrustedTypesFactory } from './trusted-types';

/** A policy's rule: `input`, resolved against `base`, must be exactly `allowed` on base's origin. */
export function checkWorkerFileUrl(
  policyName: string,
  input: string,
  base: string,
  allowed: string,
): string {
  const expected = new URL(allowed, base);
  let url: URL | null = null;
  try {
    url = new URL(input, base);
  } catch {
    // Refused below like any other.
  }
  if (!url || url.origin !== new URL(base).origin || url.href !== expected.href) {
    throw new TypeError(`${policyName}: refused script URL ${JSON.stringify(input)}`);
  }
  return url.href;
}

const policies = new Map<string, ScriptUrlPolicy>();

/** A module worker from `file` (the build's URL for it), through the policy `policyName`. */
export function createDedicatedWorker(policyName: string, file: string, name: string): Worker {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  const rule = (input: string) => checkWorkerFileUrl(policyName, input, location.href, file);
  let url: string;
  if (factory) {
    let policy = policies.get(policyName);
    if (!policy) {
      policy = factory.createPolicy(policyName, { createScriptURL: rule });
      policies.set(policyName, policy);
    }
    // Worker() takes a TrustedScriptURL (it stringifies to the URL); TypeScript only knows strings.
    url = policy.createScriptURL(file) as unknown as string;
  } else {
    url = rule(file);
  }
  return new Worker(url, { type: 'module', name });
}
