import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceResponse } from './responses.ts';
import type { ServiceState } from './state.ts';
import { handleServiceRequest, normalizeBasePath } from './handler.ts';

export interface NodeHandlerOptions {
  /** Mount path, e.g. '/demo-service'. Requests outside it go to `next` (or get a 404). */
  basePath?: string;
}

export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/** Connect/Vite-style middleware and plain http.createServer listener in one. */
export function createNodeHandler(
  state: ServiceState,
  { basePath = '' }: NodeHandlerOptions = {},
): NodeHandler {
  const base = normalizeBasePath(basePath) ?? '';
  return (req, res, next) => {
    // Connect strips its mount path from req.url but keeps the full path in originalUrl.
    const target =
      (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const pathname = target.split('?', 1)[0] ?? '/';
    if (base !== '' && pathname !== base && !pathname.startsWith(`${base}/`)) {
      if (next) next();
      else {
        res.writeHead(404).end();
      }
      return;
    }
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) {
        state.stats.aborted++;
        aborted.abort();
      }
    });
    const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    handleServiceRequest(state, {
      method: req.method ?? 'GET',
      url: `${protocol}://${req.headers.host ?? '127.0.0.1'}${target}`,
      headers: flattenHeaders(req.headers),
      basePath: base,
      signal: aborted.signal,
    })
      .then((response) => send(req, res, response, aborted.signal))
      .catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error));
        } else {
          res.destroy();
        }
      });
  };
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  response: ServiceResponse,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return;
  if (response.fault === 'reset') {
    req.socket.destroy();
    return;
  }
  // A hang answers nothing; the socket closes when the client gives up or the server shuts down.
  if (response.fault === 'hang') return;
  res.writeHead(response.status, response.headers);
  const { body } = response;
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
    res.end(body);
    return;
  }
  try {
    for await (const chunk of body) {
      if (signal.aborted) return;
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  } catch {
    // The body failed mid-way (e.g. the truncate fault): drop the connection so the client sees it.
    res.destroy();
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers))
    out[key] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
