import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What the bench's /config.json answers; changed between measurements (e.g. the poll interval). */
export type BenchConfig = Record<string, unknown>;

export interface StaticServer {
  /** http://127.0.0.1:PORT, no trailing slash. */
  origin: string;
  setConfig(config: BenchConfig): void;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** The built app (dist/). */
  distDir: string;
  /** Baseline pages, served under /bench/. */
  pagesDir: string;
  config: BenchConfig;
  /**
   * gzip text as deploy/nginx.conf does (level 6, 256 bytes and up), for app and baselines
   * alike: on a throttled connection the bytes sent are the figure. Off by default: on loopback
   * compression only costs time, and the default profile's history was measured without it.
   */
  compress?: boolean;
}

/** The types deploy/nginx.conf compresses (it always compresses HTML too). */
const COMPRESSED = /^(text\/(html|css|javascript)|application\/(javascript|json)|image\/svg\+xml)/;
const COMPRESS_MIN_BYTES = 256;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Resolves `urlPath` inside `root`, or undefined when it would escape it. */
function inside(root: string, urlPath: string): string | undefined {
  const full = path.resolve(root, `.${path.posix.normalize(`/${urlPath}`)}`);
  return full === root || full.startsWith(root + path.sep) ? full : undefined;
}

async function isFile(file: string | undefined): Promise<boolean> {
  if (!file) return false;
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * A tiny static server on 127.0.0.1 for the built app and the baseline pages: files as they are
 * (compressed only when asked, for app and baselines alike), the SPA fallback to index.html, and
 * its own /config.json.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const distDir = path.resolve(options.distDir);
  const pagesDir = path.resolve(options.pagesDir);
  let config = options.config;
  const gzipped = new Map<string, Buffer>();

  /** The body as sent, with its Content-Encoding when compressed; files' gzip kept by `file`. */
  function encode(
    req: IncomingMessage,
    type: string,
    body: Buffer,
    file?: string,
  ): { body: Buffer; headers: Record<string, string> } {
    if (!options.compress || !COMPRESSED.test(type) || body.length < COMPRESS_MIN_BYTES)
      return { body, headers: {} };
    const vary = { Vary: 'Accept-Encoding' };
    if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      return { body, headers: vary };
    }
    let packed = file === undefined ? undefined : gzipped.get(file);
    if (!packed) {
      packed = gzipSync(body, { level: 6 });
      if (file !== undefined) gzipped.set(file, packed);
    }
    return { body: packed, headers: { ...vary, 'Content-Encoding': 'gzip' } };
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    cache: string,
  ): Promise<void> {
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const sent = encode(req, type, await readFile(file), file);
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': sent.body.length,
      'Cache-Control': cache,
      ...sent.headers,
    });
    res.end(sent.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (pathname === '/config.json') {
      const type = 'application/json; charset=utf-8';
      const sent = encode(req, type, Buffer.from(JSON.stringify(config)));
      res.writeHead(200, {
        'Content-Type': type,
        'Content-Length': sent.body.length,
        'Cache-Control': 'no-store',
        ...sent.headers,
      });
      res.end(sent.body);
      return;
    }
    if (pathname.startsWith('/bench/')) {
      const file = inside(pagesDir, pathname.slice('/bench/'.length));
      if (await isFile(file)) return send(req, res, file!, 'no-store');
      res.writeHead(404).end();
      return;
    }
    const file = inside(distDir, pathname);
    if (await isFile(file)) {
      const cache = pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      return send(req, res, file!, cache);
    }
    // SPA fallback for routes; a missing file with an extension is a real 404.
    if (path.posix.extname(pathname) !== '') {
      res.writeHead(404).end();
      return;
    }
    return send(req, res, path.join(distDir, 'index.html'), 'no-cache');
  }

  const server = createServer({ keepAlive: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setConfig(next) {
      config = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
