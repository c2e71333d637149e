import { describe, expect, it } from 'vitest';
import { isServiceUrl, serviceOrigin } from '../../src/lib/origin-guard';

const SERVICE = 'https://api.example.com/v2';

describe('isServiceUrl', () => {
  describe('accepts URLs under the service base path', () => {
    it.each([
      'https://api.example.com/v2',
      'https://api.example.com/v2/',
      'https://api.example.com/v2/attachments/1/data',
      'https://api.example.com/v2/attachments/1/data?download=1#top',
      'https://api.example.com:443/v2/attachments/1',
      'https://API.Example.COM/v2/attachments/1',
      'HTTPS://api.example.com/v2/attachments/1',
      'https://api.example.com/v2/files/r%C3%A9sum%C3%A9.pdf',
      'https://api.example.com/v2/files/report%20final.pdf',
      'https://api.example.com/v2/a/../b',
      'https://api.example.com/v2/./attachments',
      'https://api.example.com/v2/search?q=../../admin',
      'https://api.example.com/v2/redirect#https://evil.com',
    ])('%s', (url) => {
      expect(isServiceUrl(url, SERVICE)).toBe(true);
    });
  });

  describe('rejects other paths on the same origin', () => {
    it.each([
      ['sibling with the same prefix', 'https://api.example.com/v2evil/attachments'],
      ['other version', 'https://api.example.com/v1/attachments'],
      ['origin root', 'https://api.example.com/'],
      ['bare origin', 'https://api.example.com'],
      ['parent traversal', 'https://api.example.com/v2/../admin'],
      ['deep traversal', 'https://api.example.com/v2/a/../../admin'],
      ['encoded traversal', 'https://api.example.com/v2/%2e%2e/admin'],
      ['mixed-case encoded traversal', 'https://api.example.com/v2/%2E%2e/admin'],
      ['half-encoded traversal', 'https://api.example.com/v2/.%2e/admin'],
      ['encoded slash', 'https://api.example.com/v2/..%2fadmin'],
      ['encoded slash, upper case', 'https://api.example.com/v2/..%2Fadmin'],
      ['encoded backslash', 'https://api.example.com/v2/..%5cadmin'],
      [
        'encoded slash inside a segment',
        'https://api.example.com/v2/attachments%2f..%2f..%2fadmin',
      ],
      ['double-encoded traversal', 'https://api.example.com/v2/%252e%252e/admin'],
      ['double-encoded slash', 'https://api.example.com/v2/..%252fadmin'],
      ['encoded NUL', 'https://api.example.com/v2/file%00.pdf'],
      ['malformed escape', 'https://api.example.com/v2/%E0%A4%A'],
      ['case-changed base path', 'https://api.example.com/V2/attachments'],
      ['path parameter trick', 'https://api.example.com/v2;/attachments'],
      ['base path as query', 'https://api.example.com/admin?/v2/'],
      ['base path as fragment', 'https://api.example.com/admin#/v2/'],
    ])('%s: %s', (_label, url) => {
      expect(isServiceUrl(url, SERVICE)).toBe(false);
    });
  });

  describe('rejects other origins and schemes', () => {
    it.each([
      ['other host', 'https://evil.com/v2/attachments'],
      ['suffix host', 'https://api.example.com.evil.com/v2/attachments'],
      ['prefix host', 'https://evilapi.example.com/v2/attachments'],
      ['subdomain', 'https://x.api.example.com/v2/attachments'],
      ['parent domain', 'https://example.com/v2/attachments'],
      ['trailing-dot host', 'https://api.example.com./v2/attachments'],
      ['other port', 'https://api.example.com:8443/v2/attachments'],
      ['http port on https', 'https://api.example.com:80/v2/attachments'],
      ['plain http', 'http://api.example.com/v2/attachments'],
      ['websocket', 'wss://api.example.com/v2/attachments'],
      ['ftp', 'ftp://api.example.com/v2/attachments'],
      ['file', 'file:///v2/attachments'],
      ['javascript', 'javascript:alert(document.domain)//https://api.example.com/v2/'],
      ['data', 'data:text/html,<script>alert(1)</script>'],
      ['blob', 'blob:https://api.example.com/0b1c2d3e-0000-4000-8000-000000000000'],
      ['protocol-relative', '//evil.com/v2/attachments'],
      ['protocol-relative to the service', '//api.example.com/v2/attachments'],
      ['relative path', '/v2/attachments/1'],
      ['relative path without slash', 'v2/attachments/1'],
      ['dot-relative', '../v2/attachments'],
      ['empty', ''],
      ['scheme without slashes', 'https:api.example.com/v2/attachments'],
      ['scheme with one slash', 'https:/api.example.com/v2/attachments'],
      ['scheme with three slashes', 'https:///api.example.com/v2/attachments'],
    ])('%s: %s', (_label, url) => {
      expect(isServiceUrl(url, SERVICE)).toBe(false);
    });
  });

  describe('rejects credential and parser-confusion tricks', () => {
    it.each([
      ['username', 'https://user@api.example.com/v2/attachments'],
      ['username and password', 'https://user:pass@api.example.com/v2/attachments'],
      ['empty userinfo', 'https://@api.example.com/v2/attachments'],
      ['service as userinfo', 'https://api.example.com@evil.com/v2/attachments'],
      ['service as userinfo with port', 'https://api.example.com:443@evil.com/v2/'],
      ['backslash before at', 'https://api.example.com\\@evil.com/v2/'],
      ['backslash as separator', 'https://api.example.com\\v2\\attachments'],
      ['backslash after scheme', 'https:\\\\api.example.com/v2/attachments'],
      ['encoded at in host', 'https://api.example.com%40evil.com/v2/'],
      ['percent-encoded host', 'https://%61pi.example.com/v2/attachments'],
      ['tab inside the host', 'https://api.exa\tmple.com/v2/attachments'],
      ['newline in the path', 'https://api.example.com/v2/\n../admin'],
      ['leading space', ' https://api.example.com/v2/attachments'],
      ['trailing space', 'https://api.example.com/v2/attachments '],
      ['leading NUL', '\u0000https://api.example.com/v2/attachments'],
      ['trailing control', 'https://api.example.com/v2/attachments\u0001'],
      ['fragment hiding the real host', 'https://evil.com#@api.example.com/v2/'],
      ['query hiding the real host', 'https://evil.com?@api.example.com/v2/'],
    ])('%s: %j', (_label, url) => {
      expect(isServiceUrl(url, SERVICE)).toBe(false);
    });
  });

  describe('rejects Unicode and lookalike hosts', () => {
    it.each([
      ['Cyrillic a', 'https://\u0430pi.example.com/v2/attachments'],
      ['Greek omicron', 'https://api.ex\u03bfmple.com/v2/attachments'],
      ['fullwidth letters that IDNA maps to ASCII', 'https://\uff41\uff50\uff49.example.com/v2/'],
      ['ideographic full stops', 'https://api\u3002example\u3002com/v2/attachments'],
      ['fullwidth full stops', 'https://api\uff0eexample\uff0ecom/v2/attachments'],
      ['soft hyphen removed by IDNA', 'https://api\u00ad.example.com/v2/attachments'],
      ['zero-width space', 'https://api\u200b.example.com/v2/attachments'],
      ['punycode lookalike', 'https://xn--pi-7ld.example.com/v2/attachments'],
      ['right-to-left override', 'https://api.example.com\u202e/v2/attachments'],
    ])('%s', (_label, url) => {
      expect(isServiceUrl(url, SERVICE)).toBe(false);
    });
  });

  describe('base path handling', () => {
    it('treats a trailing slash on the base path the same as none', () => {
      const urls = [
        'https://api.example.com/v2',
        'https://api.example.com/v2/',
        'https://api.example.com/v2/x',
        'https://api.example.com/v2evil/x',
        'https://api.example.com/v1/x',
      ];
      for (const url of urls) {
        expect(isServiceUrl(url, 'https://api.example.com/v2/')).toBe(isServiceUrl(url, SERVICE));
      }
    });

    it.each(['https://api.example.com', 'https://api.example.com/'])(
      'allows the whole origin for base %s',
      (base) => {
        expect(isServiceUrl('https://api.example.com/', base)).toBe(true);
        expect(isServiceUrl('https://api.example.com/anything/at/all', base)).toBe(true);
        expect(isServiceUrl('https://api.example.com', base)).toBe(true);
        expect(isServiceUrl('https://api.example.com.evil.com/', base)).toBe(false);
        expect(isServiceUrl('https://api.example.com/%2e%2e%2fx', base)).toBe(false);
      },
    );

    it('handles a multi-segment base path', () => {
      const base = 'https://api.example.com/tenant/42/api';
      expect(isServiceUrl('https://api.example.com/tenant/42/api/docs', base)).toBe(true);
      expect(isServiceUrl('https://api.example.com/tenant/42/apix', base)).toBe(false);
      expect(isServiceUrl('https://api.example.com/tenant/43/api/docs', base)).toBe(false);
      expect(isServiceUrl('https://api.example.com/tenant/42/api/../../43/api', base)).toBe(false);
    });

    it('ignores the query and fragment of the service URL', () => {
      expect(isServiceUrl('https://api.example.com/v2/x', `${SERVICE}?key=1#frag`)).toBe(true);
    });
  });

  describe('ports and plain-http services', () => {
    const local = 'http://127.0.0.1:8787/api';

    it('accepts the same explicit port', () => {
      expect(isServiceUrl('http://127.0.0.1:8787/api/threads', local)).toBe(true);
    });

    it('rejects a different port', () => {
      expect(isServiceUrl('http://127.0.0.1:8788/api/threads', local)).toBe(false);
    });

    it('rejects a missing port when the service has one', () => {
      expect(isServiceUrl('http://127.0.0.1/api/threads', local)).toBe(false);
    });

    it('rejects https when the service is http', () => {
      expect(isServiceUrl('https://127.0.0.1:8787/api/threads', local)).toBe(false);
    });

    it('treats explicit default port 80 as equal to none for http', () => {
      expect(isServiceUrl('http://svc.test:80/api/x', 'http://svc.test/api')).toBe(true);
      expect(isServiceUrl('http://svc.test/api/x', 'http://svc.test:80/api')).toBe(true);
    });

    it.each([
      'http://2130706433:8787/api/threads',
      'http://0x7f.0.0.1:8787/api/threads',
      'http://0177.0.0.1:8787/api/threads',
      'http://127.1:8787/api/threads',
      'http://localhost:8787/api/threads',
      'http://[::ffff:127.0.0.1]:8787/api/threads',
    ])('rejects a non-canonical spelling of the host: %s', (url) => {
      expect(isServiceUrl(url, local)).toBe(false);
    });

    it('accepts IPv6 literal hosts in canonical form', () => {
      expect(isServiceUrl('http://[::1]:8787/api/x', 'http://[::1]:8787/api')).toBe(true);
      expect(isServiceUrl('http://[0:0::1]:8787/api/x', 'http://[::1]:8787/api')).toBe(false);
    });
  });

  describe('fails closed on an unusable service URL', () => {
    it.each(['', 'not a url', '/v2', 'ftp://api.example.com/v2', 'https://u:p@api.example.com/v2'])(
      'service %j',
      (service) => {
        expect(isServiceUrl('https://api.example.com/v2/x', service)).toBe(false);
      },
    );

    it('does not throw on non-string input from untyped JSON', () => {
      expect(isServiceUrl(null as unknown as string, SERVICE)).toBe(false);
      expect(isServiceUrl(42 as unknown as string, SERVICE)).toBe(false);
    });
  });
});

describe('serviceOrigin', () => {
  it.each([
    ['https://api.example.com/v2', 'https://api.example.com'],
    ['https://API.example.com:443/v2/', 'https://api.example.com'],
    ['https://api.example.com:8443', 'https://api.example.com:8443'],
    ['http://127.0.0.1:8787/api?x=1#y', 'http://127.0.0.1:8787'],
    ['http://svc.test:80/', 'http://svc.test'],
  ])('%s -> %s', (service, origin) => {
    expect(serviceOrigin(service)).toBe(origin);
  });

  it.each(['', 'api.example.com', '/v2', 'javascript:alert(1)', 'https://u:p@api.example.com'])(
    'throws for %j',
    (service) => {
      expect(() => serviceOrigin(service)).toThrow(TypeError);
    },
  );
});
