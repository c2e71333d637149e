import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkRequestWorkerUrl,
  REQUEST_WORKER_POLICY_NAME,
} from '../../src/api/request-worker/client';
import { createDedicatedWorker } from '../../src/lib/dedicated-worker';
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

describe('createDedicatedWorker', () => {
  /** Records the Worker constructions instead of starting any. */
  function stubWorker() {
    const made: { url: unknown; options: unknown }[] = [];
    // Called with `new`, as the code under test does: a function stands in for the class.
    vi.stubGlobal(
      'Worker',
      vi.fn(function (url: unknown, options: unknown) {
        made.push({ url, options });
      }),
    );
    return made;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates the worker from a TrustedScriptURL of its own policy, made once', () => {
    const made = stubWorker();
    const createPolicy = vi.fn(
      (_name: string, rules: { createScriptURL(input: string): string }) => ({
        createScriptURL: (input: string) => ({ trusted: rules.createScriptURL(input) }),
      }),
    );
    vi.stubGlobal('trustedTypes', { createPolicy });
    createDedicatedWorker('test-policy-once', '/assets/w-1.js', 'one');
    createDedicatedWorker('test-policy-once', '/assets/w-1.js', 'two');
    // A second createPolicy with the same name would throw under the CSP: it is made once.
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy).toHaveBeenCalledWith('test-policy-once', expect.anything());
    expect(made).toEqual([
      {
        url: { trusted: `${location.origin}/assets/w-1.js` },
        options: { type: 'module', name: 'one' },
      },
      {
        url: { trusted: `${location.origin}/assets/w-1.js` },
        options: { type: 'module', name: 'two' },
      },
    ]);
  });

  it('without Trusted Types, checks the plain URL the same way', () => {
    const made = stubWorker();
    vi.stubGlobal('trustedTypes', undefined);
    createDedicatedWorker('test-policy-plain', '/assets/w-2.js', 'plain');
    expect(made).toEqual([
      { url: `${location.origin}/assets/w-2.js`, options: { type: 'module', name: 'plain' } },
    ]);
  });
});
