import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/**
 * The built app on a static server of the test's own, which the test can stop and start again on
 * the same origin (the service worker belongs to the origin), point at another build (a new
 * deployment) and make answer config.json as a broken deployment would. Files are served with
 * deploy/nginx.conf's caching (content-hashed assets immutable, the rest no-cache) and its SPA
 * fallback.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** What /config.json answers instead of the build's file, or the file itself. */
export type ConfigAnswer = { status: number; body: string } | 'file';

export interface AppServer {
  /** http://127.0.0.1:PORT, the same across stop() and start(). */
  origin: string;
  /** Paths requested, in order (query strings left out). */
  requests: string[];
  /** Serves another build from now on (a deployment). */
  setRoot(dir: string): void;
  setConfig(answer: ConfigAnswer): void;
  /** Closes the server and every open connection: the browser finds nothing there. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function startAppServer(root: string): Promise<AppServer> {
  let dir = path.resolve(root);
  let config: ConfigAnswer = 'file';
  const requests: string[] = [];
  const sockets = new Set<Socket>();

  async function send(res: ServerResponse, file: string, cache: string) {
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': cache,
    });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    if (pathname === '/config.json' && config !== 'file') {
      res.writeHead(config.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      res.end(config.body);
      return;
    }
    const file = path.resolve(dir, `.${path.posix.normalize(`/${pathname}`)}`);
    if (file.startsWith(dir + path.sep) && (await isFile(file))) {
      const hashed = pathname.startsWith('/assets/');
      return send(res, file, hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (path.posix.extname(pathname) !== '' || pathname.startsWith('/__threadline/')) {
      res.writeHead(404, { 'Cache-Control': 'no-cache' }).end();
      return;
    }
    return send(res, path.join(dir, 'index.html'), 'no-cache');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setRoot(next) {
      dir = path.resolve(next);
    },
    setConfig(answer) {
      config = answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    start: () => listen(port),
  };
}
