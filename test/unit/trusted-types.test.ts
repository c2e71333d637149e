import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKER_SCRIPT_PATH } from '../../src/download-worker/protocol';
import { checkWorkerScriptUrl, WORKER_POLICY_NAME } from '../../src/lib/trusted-types';

const PAGE = 'http://127.0.0.1:4173/conversations/42?status=open';
const WORKER = 'http://127.0.0.1:4173/download-sw.js';

describe('checkWorkerScriptUrl (the threadline-worker policy)', () => {
  it.each(['/download-sw.js', WORKER, 'HTTP://127.0.0.1:4173/download-sw.js', '/./download-sw.js'])(
    'allows the worker script on the page origin: %s',
    (input) => {
      expect(checkWorkerScriptUrl(input, PAGE)).toBe(WORKER);
    },
  );

  it("allows the download engine's worker URL", () => {
    expect(checkWorkerScriptUrl(WORKER_SCRIPT_PATH, PAGE)).toBe(WORKER);
  });

  it.each([
    ['another origin', 'https://evil.example/download-sw.js'],
    ['a protocol-relative URL', '//evil.example/download-sw.js'],
    ['another port', 'http://127.0.0.1:4174/download-sw.js'],
    ['another scheme', 'https://127.0.0.1:4173/download-sw.js'],
    ['another host name for the same machine', 'http://localhost:4173/download-sw.js'],
    ['credentials', 'http://user:pw@127.0.0.1:4173/download-sw.js'],
    ['another script', '/assets/start.js'],
    ['a relative path resolved under the page', 'conversations/download-sw.js'],
    ['a longer name', '/download-sw.js.map'],
    ['a trailing slash', '/download-sw.js/'],
    ['a different case', '/Download-SW.js'],
    ['a query', '/download-sw.js?v=2'],
    ['a fragment', '/download-sw.js#x'],
    ['a data: URL', 'data:text/javascript,alert(1)'],
    ['a blob: URL', 'blob:http://127.0.0.1:4173/0b6e0f3a-6f0e-4a3e-9c1e-2d6c3f1f9a10'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['nothing', ''],
    ['an unparsable URL', 'http://[::1'],
  ])('refuses %s', (_what, input) => {
    expect(() => checkWorkerScriptUrl(input, PAGE)).toThrow(TypeError);
  });
});

describe('workerScriptUrl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function freshModule() {
    vi.resetModules();
    return import('../../src/lib/trusted-types');
  }

  it('without Trusted Types (e.g. Firefox ESR), returns the checked string', async () => {
    vi.stubGlobal('trustedTypes', undefined);
    const { workerScriptUrl } = await freshModule();
    expect(workerScriptUrl('/download-sw.js')).toBe(new URL('/download-sw.js', location.href).href);
    expect(() => workerScriptUrl('/evil.js')).toThrow(TypeError);
  });

  it('with Trusted Types, creates the one named policy once and passes its URLs through it', async () => {
    const created: { name: string; rules: { createScriptURL(input: string): string } }[] = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy(name: string, rules: { createScriptURL(input: string): string }) {
        created.push({ name, rules });
        return { createScriptURL: (input: string) => ({ trusted: rules.createScriptURL(input) }) };
      },
    });
    const { workerScriptUrl } = await freshModule();
    const expected = { trusted: new URL('/download-sw.js', location.href).href };
    expect(workerScriptUrl('/download-sw.js')).toEqual(expected);
    expect(workerScriptUrl('/download-sw.js')).toEqual(expected);
    expect(created.map(({ name }) => name)).toEqual([WORKER_POLICY_NAME]);
    expect(WORKER_POLICY_NAME).toBe('threadline-worker');
    expect(() => workerScriptUrl('https://evil.example/download-sw.js')).toThrow(TypeError);
    expect(() => created[0]!.rules.createScriptURL('/assets/start.js')).toThrow(TypeError);
  });
});
