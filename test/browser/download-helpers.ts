import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline, Transform } from 'node:stream';
import type { Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../src/service-double/index';

/** Browser-test helpers shared by the attachment and Download all specs. */

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
