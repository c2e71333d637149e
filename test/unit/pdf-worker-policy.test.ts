import { describe, expect, it } from 'vitest';
import { checkPdfWorkerUrl, PDF_WORKER_POLICY_NAME } from '../../src/lib/pdf-worker-policy';

const PAGE = 'http://127.0.0.1:4173/conversations/42?status=open';
const WORKER = '/assets/pdf.worker.min-Abc123.mjs';

describe('checkPdfWorkerUrl (the threadline-pdf-worker policy)', () => {
  it('is named as the CSP names it', () => {
    expect(PDF_WORKER_POLICY_NAME).toBe('threadline-pdf-worker');
  });

  it.each([
    WORKER,
    `http://127.0.0.1:4173${WORKER}`,
    `/assets/../assets/pdf.worker.min-Abc123.mjs`,
  ])('allows exactly the built worker script on the page origin: %s', (input) => {
    expect(checkPdfWorkerUrl(input, PAGE, WORKER)).toBe(`http://127.0.0.1:4173${WORKER}`);
  });

  it.each([
    ['another origin', `https://evil.example${WORKER}`],
    ['another script', '/assets/start.js'],
    ['the download worker', '/download-sw.js'],
    ['a query', `${WORKER}?x=1`],
    ['a fragment', `${WORKER}#x`],
    ['a blob: URL', 'blob:http://127.0.0.1:4173/0b6e0f3a-6f0e-4a3e-9c1e-2d6c3f1f9a10'],
    ['a data: URL', 'data:text/javascript,postMessage(1)'],
    ['nothing', ''],
  ])('refuses %s', (_what, input) => {
    expect(() => checkPdfWorkerUrl(input, PAGE, WORKER)).toThrow(TypeError);
  });
});
