import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHandler } from './node-adapter.ts';
import type { ServiceOptions, ServiceState } from './state.ts';
import { createServiceState } from './state.ts';

export interface StartOptions extends ServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve under a mount path, e.g. '/demo-service'. Default: the root. */
  basePath?: string;
  /** Reuse an existing state instead of creating one from the options. */
  state?: ServiceState;
}

export interface RunningServiceDouble {
  /** Origin plus base path, without a trailing slash, e.g. http://127.0.0.1:43121. */
  url: string;
  state: ServiceState;
  close(): Promise<void>;
}

export async function startServiceDouble(
  options: StartOptions = {},
): Promise<RunningServiceDouble> {
  const { port = 0, host = '127.0.0.1', basePath = '', state: given, ...serviceOptions } = options;
  const state = given ?? createServiceState(serviceOptions);
  const server = createServer({ keepAlive: true }, createNodeHandler(state, { basePath }));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const base = basePath.replace(/\/+$/, '');
  return {
    url: `http://${hostForUrl}:${address.port}${base === '' || base.startsWith('/') ? base : `/${base}`}`,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging requests and idle keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
