/**
 * The one rule for a service address, which config.json's `serviceUrl` and the sign-in form both
 * follow: http or https, without a user name, password, query or fragment (the token is sent
 * there). Returns it trimmed and without a trailing slash, or null when it breaks the rule.
 */
export function normaliseServiceUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
