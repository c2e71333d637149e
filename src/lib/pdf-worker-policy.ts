/**
 * The second Trusted Types policy, `threadline-pdf-worker` (named in the CSP's `trusted-types`
 * list beside `threadline-worker`, src/lib/trusted-types.ts). PDF.js parses documents in a
 * dedicated worker; `new Worker(url)` is a script sink under `require-trusted-types-for
 * 'script'`, so the viewer creates that worker itself, with a TrustedScriptURL from this policy,
 * and hands it to PDF.js as its port. The policy allows exactly one URL: PDF.js's worker script as
 * the build emitted it, on this origin. Imported only by the viewer's lazily loaded PDF view.
 */
import pdfWorkerAsset from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export const PDF_WORKER_POLICY_NAME = 'threadline-pdf-worker';

/** The policy's rule: `input`, resolved against `base`, must be exactly `allowed` on base's origin. */
export function checkPdfWorkerUrl(input: string, base: string, allowed = pdfWorkerAsset): string {
  const expected = new URL(allowed, base);
  let url: URL | null = null;
  try {
    url = new URL(input, base);
  } catch {
    // Refused below like any other.
  }
  if (!url || url.origin !== new URL(base).origin || url.href !== expected.href) {
    throw new TypeError(`${PDF_WORKER_POLICY_NAME}: refused script URL ${JSON.stringify(input)}`);
  }
  return url.href;
}

interface ScriptUrlPolicy {
  createScriptURL(input: string): object;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | null = null;

/** PDF.js's worker, created from our origin through the policy (a plain string without Trusted Types). */
export function createPdfWorker(): Worker {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  let url: string;
  if (factory) {
    policy ??= factory.createPolicy(PDF_WORKER_POLICY_NAME, {
      createScriptURL: (input) => checkPdfWorkerUrl(input, location.href),
    });
    // Worker() takes a TrustedScriptURL (it stringifies to the URL); TypeScript only knows strings.
    url = policy.createScriptURL(pdfWorkerAsset) as unknown as string;
  } else {
    url = checkPdfWorkerUrl(pdfWorkerAsset, location.href);
  }
  return new Worker(url, { type: 'module', name: 'pdf.js' });
}
