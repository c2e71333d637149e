import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';

/**
 * The built-in demo: `npm start` (and `vite preview`) mount the service double
 * under /demo-service on the same server and answer /config.json with its URL
 * and token, so the app opens ready to sign in. Build output never contains any
 * of this: it lives in the dev/preview server only.
 *
 * THREADLINE_DEMO=off leaves /config.json to the files, as a deployment does: the build holds none
 * (deploy/config.example.json is the example), so without one put there it is a 404 and the app
 * starts on its defaults; Vite's own fallback would answer index.html, which the app refuses.
 */
export const DEMO_BASE_PATH = '/demo-service';

export function demoServicePlugin(): Plugin {
  async function mount(server: ViteDevServer | PreviewServer) {
    if (process.env.THREADLINE_DEMO === 'off') {
      const { config } = server;
      const dir = 'ws' in server ? config.publicDir : resolve(config.root, config.build.outDir);
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path !== '/config.json' || existsSync(join(dir, 'config.json'))) return next();
        res.statusCode = 404;
        res.setHeader('Cache-Control', 'no-cache');
        res.end();
      });
      return;
    }
    const { createServiceState, createNodeHandler, DEMO_TOKEN } = await import('./index.ts');
    const conversations = Number(process.env.THREADLINE_DEMO_CONVERSATIONS ?? 5000);
    const state = createServiceState({
      conversations,
      // Recent activity relative to today, so the demo reads like a live inbox.
      now: Math.floor(Date.now() / 1000),
    });
    const handler = createNodeHandler(state, { basePath: DEMO_BASE_PATH });
    server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/config.json') {
        const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(
          JSON.stringify({
            serviceUrl: `${origin}${DEMO_BASE_PATH}`,
            messagesPath: '/conversations/{id}/messages',
            demoToken: DEMO_TOKEN,
          }),
        );
        return;
      }
      handler(req, res, next);
    });
    server.httpServer?.once('listening', () => {
      setTimeout(() => {
        server.config.logger.info(
          `  Demo service: ${DEMO_BASE_PATH} (${conversations} conversations, token "${DEMO_TOKEN}")`,
        );
      }, 50);
    });
  }

  return {
    name: 'threadline-demo-service',
    configureServer: mount,
    configurePreviewServer: mount,
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        // Vite's dev server injects an inline script and inline styles; the built app needs neither.
        if (!context.server) return html;
        return html
          .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
      },
    },
  };
}
