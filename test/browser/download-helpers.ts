import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline, Transform } from 'node:stream';
import { expect, type Download, type Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../service-double/index';
import { randomChunks } from '../../service-double/random-bytes';

/** Browser-test helpers shared by the specs that download (Playwright and the WebKit smoke). */

/**
 * A conversation past the showcase ones, with few messages, so injected attachments show at once,
 * and none of its own: its image attachments would load previews, i.e. requests tests count.
 */
export function quietConversationId(service: RunningServiceDouble): number {
  const found = service.state.dataset
    .list()
    .slice(4, 120)
    .find((conversation) => {
      const messages = service.state.messagesOf(conversation.id) ?? [];
      return messages.length <= 20 && messages.every((message) => message.attachments.length === 0);
    });
  if (!found) throw new Error('No quiet conversation in the dataset');
  return found.id;
}

/** sha256 of the bytes the double generates for a 'bin' attachment, without holding them. */
export function expectedSha256(seed: number, size: number): string {
  const hash = createHash('sha256');
  for (const chunk of randomChunks(seed, size)) hash.update(chunk);
  return hash.digest('hex');
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** sha256 of a finished Playwright download (failing the test if the download failed). */
export async function savedSha256(saved: Download): Promise<string> {
  expect(await saved.failure()).toBeNull();
  return sha256OfFile(await saved.path());
}

export async function registeredWorkers(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map(
      (registration) => registration.active?.scriptURL ?? '',
    ),
  );
}

interface ProxyOptions {
  /** Sends at most ~this many bytes per second to the browser. */
  bytesPerSecond?: number;
  /** Answers this request with an error status instead, under the double's own CORS headers. */
  failWith?: (req: IncomingMessage) => { status: number; retryAfterSeconds?: number } | undefined;
}

/**
 * The same double behind a proxy on another port. The Host header passes through, so attachment
 * urls point at the proxy; the proxy drops the upstream request as soon as its client goes away.
 */
async function proxied(service: RunningServiceDouble, { bytesPerSecond, failWith }: ProxyOptions) {
  const target = new URL(service.url);
  const server = createServer((req, res) => {
    const failure = failWith?.(req);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        if (failure) {
          const headers = { ...answer.headers, 'content-type': 'application/json' };
          delete headers['content-length'];
          delete headers['content-disposition'];
          if (failure.retryAfterSeconds !== undefined) {
            headers['retry-after'] = String(failure.retryAfterSeconds);
          }
          res.writeHead(failure.status, headers);
          res.end(JSON.stringify({ errors: [{ message: 'Injected by the test proxy' }] }));
          answer.destroy();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (bytesPerSecond === undefined) {
          pipeline(answer, res, () => undefined);
          return;
        }
        const slow = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            setTimeout(() => done(null, chunk), (chunk.length / bytesPerSecond) * 1000);
          },
        });
        pipeline(answer, slow, res, () => undefined);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    state: service.state,
    close: () => closeServer(server),
  } satisfies RunningServiceDouble;
}

/**
 * The double behind a throttling proxy, sending at most ~`bytesPerSecond`: slow enough to watch
 * progress and cancel mid-transfer. Backpressure reaches the double, so its byte count shows when
 * the client stops reading.
 */
export function throttled(service: RunningServiceDouble, bytesPerSecond: number) {
  return proxied(service, { bytesPerSecond });
}

/**
 * The double behind a proxy that answers the `nth` GET of `path` (1-based) with `status` and
 * `Retry-After`, keeping the double's CORS headers so the browser lets the app read both.
 */
export async function failingNthGet(
  service: RunningServiceDouble,
  {
    path,
    nth,
    status,
    retryAfterSeconds,
  }: { path: string; nth: number; status: number; retryAfterSeconds?: number },
) {
  /** When each GET of `path` arrived (ms since the epoch). */
  const arrivals: number[] = [];
  const proxy = await proxied(service, {
    failWith: (req) => {
      if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== path) return;
      arrivals.push(Date.now());
      return arrivals.length === nth ? { status, retryAfterSeconds } : undefined;
    },
  });
  return { ...proxy, arrivals };
}

/**
 * A server on another origin that records every request reaching it and would answer any (200,
 * open CORS, as a thief would): an attachment url there must never be requested, let alone get
 * the token.
 */
export async function foreignServer({ contentType = 'application/octet-stream' } = {}) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': contentType });
    res.end('stolen');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    /** An attachment url shaped like the service's, on this origin. */
    attachmentUrl: `http://127.0.0.1:${port}/api/attachments/c1-x1/data`,
    close: () => closeServer(server),
  };
}

export function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
