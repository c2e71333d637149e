/**
 * The second Trusted Types policy, `threadline-pdf-worker` (src/lib/dedicated-worker.ts). PDF.js
 * parses documents in a dedicated worker; the viewer creates that worker itself, through this
 * policy, and hands it to PDF.js as its port. The policy allows exactly one URL: PDF.js's worker
 * script as the build emitted it, on this origin. Imported only by the viewer's lazily loaded PDF
 * view.
 */
import pdfWorkerAsset from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { checkWorkerFileUrl, createDedicatedWorker } from './dedicated-worker';

export const PDF_WORKER_POLICY_NAME = 'threadline-pdf-worker';

/** The policy's rule: `input`, resolved against `base`, must be exactly `allowed` on base's origin. */
export function checkPdfWorkerUrl(input: string, base: string, allowed = pdfWorkerAsset): string {
  return checkWorkerFileUrl(PDF_WORKER_POLICY_NAME, input, base, allowed);
}

/** PDF.js's worker, created from our origin through the policy. */
export function createPdfWorker(): Worker {
  return createDedicatedWorker(PDF_WORKER_POLICY_NAME, pdfWorkerAsset, 'pdf.js');
}
