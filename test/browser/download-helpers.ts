import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline, Transform } from 'node:stream';
import { expect, type Download, type Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../src/service-double/index';
import { randomChunks } from '../../src/service-double/random-bytes';

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

/**
 * The same double behind a throttling proxy on another port, sending at most ~`bytesPerSecond`:
 * slow enough to watch progress and cancel mid-transfer. Backpressure reaches the double, so its
 * byte count shows when the client stops reading; the proxy drops the upstream request as soon as
 * its client goes away. The Host header passes through, so attachment urls point at the proxy.
 */
export async function throttled(service: RunningServiceDouble, bytesPerSecond: number) {
  const target = new URL(service.url);
  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
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

export function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
