/** The headers of the worker's answers to the hidden iframe: a download, or nothing at all. */

/**
 * An empty text page: the hidden iframe stays blank and the browser starts no download. Not a
 * 204: Firefox reports a worker's 204 to a frame's navigation as an error of the page.
 */
export function noDownload(): Response {
  return new Response('', {
    status: 200,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      // No sandbox: nothing can run in an empty text page, and a sandboxed frame makes Chromium
      // log every script a tool tries in it as an error.
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'no-store',
    },
  });
}

/** Always saved, never shown: an attachment under the safe name, as opaque bytes. */
export function downloadHeaders(fileName: string, total: number | undefined): Headers {
  const headers = new Headers({
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': contentDisposition(fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
  if (total !== undefined) headers.set('Content-Length', String(total));
  return headers;
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name (RFC 8187 encoding). */
function contentDisposition(fileName: string): string {
  let fallback = '';
  for (const char of fileName) {
    const code = char.charCodeAt(0);
    fallback += code < 0x20 || code > 0x7e || char === '"' || char === '\\' ? '_' : char;
  }
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A Content-Length header's value, when it is a safe whole number. */
export function parseLength(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) ? length : undefined;
}

/**
 * True when a Content-Disposition header (as far as CORS lets the worker see it) is `attachment`
 * with a file name exactly `fileName` (`filename*` when present, as browsers prefer it, else
 * `filename`). A header the service does not expose reads as null: not certain, so false.
 */
export function isAttachmentNamed(header: string | null, fileName: string): boolean {
  if (header === null) return false;
  const [type = '', ...params] = header.split(';');
  if (type.trim().toLowerCase() !== 'attachment') return false;
  let plain: string | undefined;
  let extended: string | undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    const value = param.slice(eq + 1).trim();
    if (key === 'filename*') {
      const match = /^utf-8''(.*)$/i.exec(value);
      if (!match) return false;
      try {
        extended = decodeURIComponent(match[1]!);
      } catch {
        return false;
      }
    } else if (key === 'filename') {
      plain = /^"(.*)"$/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    }
  }
  return (extended ?? plain) === fileName;
}
