import { describe, expect, it } from 'vitest';
import {
  checkRequestWorkerUrl,
  REQUEST_WORKER_POLICY_NAME,
} from '../../src/api/request-worker/client';
import { checkPdfWorkerUrl, PDF_WORKER_POLICY_NAME } from '../../src/lib/pdf-worker-policy';

const PAGE = 'http://127.0.0.1:4173/conversations/42?status=open';

describe.each([
  {
    policy: 'threadline-pdf-worker',
    name: PDF_WORKER_POLICY_NAME,
    check: checkPdfWorkerUrl,
    worker: '/assets/pdf.worker.min-Abc123.mjs',
  },
  {
    policy: 'threadline-request-worker',
    name: REQUEST_WORKER_POLICY_NAME,
    check: checkRequestWorkerUrl,
    worker: '/assets/worker-Abc123.js',
  },
])('the $policy policy', ({ policy, name, check, worker }) => {
  it('is named as the CSP names it', () => {
    expect(name).toBe(policy);
  });

  it.each([worker, `http://127.0.0.1:4173${worker}`, `/assets/..${worker}`])(
    'allows exactly the built worker script on the page origin: %s',
    (input) => {
      expect(check(input, PAGE, worker)).toBe(`http://127.0.0.1:4173${worker}`);
    },
  );

  it.each([
    ['another origin', `https://evil.example${worker}`],
    ['another script', '/assets/start.js'],
    ['the download worker', '/download-sw.js'],
    ['a query', `${worker}?x=1`],
    ['a fragment', `${worker}#x`],
    ['a blob: URL', 'blob:http://127.0.0.1:4173/0b6e0f3a-6f0e-4a3e-9c1e-2d6c3f1f9a10'],
    ['a data: URL', 'data:text/javascript,postMessage(1)'],
    ['nothing', ''],
  ])('refuses %s', (_what, input) => {
    expect(() => check(input, PAGE, worker)).toThrow(new RegExp(`^${policy}: refused`));
  });
});
