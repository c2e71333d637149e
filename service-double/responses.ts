import type { FailureKind } from './faults.ts';

export type ServiceBody = string | Uint8Array | AsyncIterable<Uint8Array>;

export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body?: ServiceBody;
  /** Set when the answer is not an HTTP response at all; status and body are then meaningless. */
  fault?: 'reset' | 'hang';
}

export interface ApiError {
  type: string;
  message: string;
  param?: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): ServiceResponse {
  return {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(value),
  };
}

export function errors(
  status: number,
  items: ApiError[],
  headers: Record<string, string> = {},
): ServiceResponse {
  return json(status, { errors: items }, headers);
}

export const unauthorized = (): ServiceResponse =>
  errors(
    401,
    [{ type: 'unauthorized', message: 'The access token is missing or no longer valid' }],
    {
      'WWW-Authenticate': 'Bearer',
    },
  );

export const notFound = (message: string): ServiceResponse =>
  errors(404, [{ type: 'not_found', message }]);

export function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    // Echoing the origin (rather than '*') also works for credentialed requests.
    'Access-Control-Allow-Origin': origin ?? '*',
    ...(origin ? { Vary: 'Origin' } : {}),
    'Access-Control-Expose-Headers':
      'Content-Length, Content-Type, Content-Disposition, Retry-After',
  };
}

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};

/**
 * RFC 6266 / 8187: an ASCII fallback plus the exact UTF-8 name. Both are escaped, so control
 * characters, quotes and path separators in hostile names cannot break out of the header.
 */
export function contentDisposition(fileName: string): string {
  if (fileName === '') return 'attachment';
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The HTTP answer for a failure kind; 'hang' and 'reset' need the transport to act. */
export function failureResponse(
  kind: FailureKind | '401',
  retryAfterSeconds: number,
): ServiceResponse {
  const retryAfter = { 'Retry-After': String(retryAfterSeconds) };
  switch (kind) {
    case '401':
      return unauthorized();
    case '500':
      return errors(500, [{ type: 'internal_error', message: 'An unexpected error occurred' }]);
    case '502':
      return html(
        502,
        '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n',
      );
    case '503':
      return errors(
        503,
        [{ type: 'service_unavailable', message: 'The service is temporarily unavailable' }],
        retryAfter,
      );
    case '429':
      return errors(429, [{ type: 'rate_limited', message: 'Too many requests' }], retryAfter);
    case 'malformed-json':
      return {
        status: 200,
        headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
        body: '{"data":[{"id":1,"status":"op',
      };
    case 'errors-envelope':
      // A 200 that still carries errors: the interface never says which status an error uses.
      return errors(200, [
        { type: 'internal_error', message: 'The request could not be completed' },
      ]);
    case 'html':
      // What a captive portal or an expired proxy session answers.
      return html(
        200,
        '<!doctype html><html><head><title>Sign in</title></head><body><form action="/login"><input name="user"></form></body></html>\n',
      );
    case 'hang':
      return { status: 0, headers: {}, fault: 'hang' };
    case 'reset':
      return { status: 0, headers: {}, fault: 'reset' };
  }
}

function html(status: number, body: string): ServiceResponse {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    body,
  };
}
