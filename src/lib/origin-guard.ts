/**
 * Decides whether a URL taken from service data (attachment links, pagination links, …) may be
 * fetched with the agent's credentials. Anything the service returns is treated as untrusted: a
 * compromised or confused backend must not be able to make the viewer send tokens elsewhere or
 * reach endpoints outside the API's base path.
 *
 * The check is deliberately stricter than "same origin after parsing": URL parsers repair a lot
 * (backslashes become slashes, tabs vanish, `ａｐｉ．example．com` maps to `api.example.com`,
 * `2130706433` becomes `127.0.0.1`), and every repair is a place where two parsers — ours and the
 * server's or a proxy's — may disagree. So the raw text must already be in a plain, canonical
 * shape, and only then is the parsed result compared.
 */

const ABSOLUTE_HTTP = /^https?:\/\/[^/]/i;
// Whitespace, controls and backslashes are silently dropped or rewritten by the WHATWG parser.
const FORBIDDEN_RAW = /[\s\\]/;
const MAX_DECODE_ROUNDS = 4;

interface ParsedService {
  url: URL;
  /** Base pathname without trailing slashes; '' means the whole origin. */
  basePath: string;
}

function parseService(serviceUrl: string): ParsedService | null {
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return { url, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * The origin (`scheme://host[:port]`) of the configured service, e.g. for CSP or fetch
 * `credentials` decisions. Throws a TypeError for anything that is not a plain http(s) URL, since
 * that is a configuration error rather than hostile input.
 */
export function serviceOrigin(serviceUrl: string): string {
  const service = parseService(serviceUrl);
  if (service === null) {
    throw new TypeError(`Service URL must be an absolute http(s) URL without credentials`);
  }
  return service.url.origin;
}

/** The authority exactly as written: after `scheme://`, up to the first `/`, `?` or `#`. */
function rawAuthority(url: string): string {
  const afterScheme = url.slice(url.indexOf('//') + 2);
  const end = afterScheme.search(/[/?#]/);
  return end === -1 ? afterScheme : afterScheme.slice(0, end);
}

function rawHostname(authority: string): string {
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    return close === -1 ? authority : authority.slice(0, close + 1);
  }
  const colon = authority.lastIndexOf(':');
  return colon === -1 ? authority : authority.slice(0, colon);
}

function isSuspiciousDecoded(segment: string): boolean {
  // Control characters (incl. NUL) truncate or split paths in some servers.
  if (hasControlCharacter(segment)) return true;
  return segment === '.' || segment === '..' || segment.includes('/') || segment.includes('\\');
}

function tryDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Rejects segments that only become traversal or separators once a server decodes them
 * (`..%2fadmin`, `%252e%252e`, …). The WHATWG parser already resolves literal and singly-encoded
 * dot segments, so anything still decoding to one is an attempt to smuggle it past. Malformed
 * escapes and more than a few layers of encoding are rejected outright.
 */
function hasSmuggledSegment(pathname: string): boolean {
  segments: for (const segment of pathname.split('/')) {
    let current = segment;
    for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
      const decoded = tryDecode(current);
      if (decoded === null) return true;
      if (decoded === current) continue segments;
      if (isSuspiciousDecoded(decoded)) return true;
      current = decoded;
    }
    return true;
  }
  return false;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function isUnderBasePath(pathname: string, basePath: string): boolean {
  if (basePath === '') return true;
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/**
 * True only for an absolute http(s) URL on exactly the service's origin (scheme, host, port;
 * default ports are equivalent) whose normalised path is the service's base path or below it.
 * Credentials, non-canonical or non-ASCII host spellings, backslashes, whitespace and encoded
 * traversal are all rejected. Never throws; an unusable `serviceUrl` makes every URL false.
 */
export function isServiceUrl(url: string, serviceUrl: string): boolean {
  if (typeof url !== 'string' || typeof serviceUrl !== 'string') return false;
  const service = parseService(serviceUrl);
  if (service === null) return false;

  // Excludes relative, protocol-relative, `https:host` and non-http schemes before parsing.
  if (!ABSOLUTE_HTTP.test(url) || FORBIDDEN_RAW.test(url) || hasControlCharacter(url)) {
    return false;
  }

  const authority = rawAuthority(url);
  // Any `@` means userinfo, even an empty one; `%` or non-ASCII in the host means the parser
  // would rewrite it (percent-decoding, IDNA mapping of lookalikes to ASCII or punycode).
  if (authority.includes('@') || /[^\x21-\x7e]|%/.test(authority)) return false;

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }

  if (parsed.protocol !== service.url.protocol) return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.host !== service.url.host) return false;
  // Same host after parsing is not enough: `0x7f.1` or `2130706433` spellings must not pass
  // as the canonical one. Case is the only difference tolerated.
  if (rawHostname(authority).toLowerCase() !== parsed.hostname) return false;

  if (hasSmuggledSegment(parsed.pathname)) return false;
  return isUnderBasePath(parsed.pathname, service.basePath);
}
