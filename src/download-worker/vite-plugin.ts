import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { WORKER_SCRIPT_PATH } from './protocol.ts';

const ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
const FILE_NAME = WORKER_SCRIPT_PATH.slice(1);

/**
 * The worker as one classic script (an IIFE): module service workers are not available in every
 * browser Threadline supports, and a service worker's URL must not change between releases, so it
 * is not hashed (it is served no-cache instead). Not minified and without a source map: it is
 * small, and readable as served in the browser's devtools.
 */
async function bundleWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: false,
      sourcemap: false,
      rolldownOptions: {
        input: ENTRY,
        output: { format: 'iife', entryFileNames: FILE_NAME },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) =>
    'output' in item ? item.output : [],
  );
  const chunk = outputs.find((output) => output.type === 'chunk' && output.isEntry);
  if (!chunk || chunk.type !== 'chunk') throw new Error('The download worker did not build.');
  return chunk.code;
}

/**
 * Builds src/download-worker/ to /download-sw.js: beside index.html in `vite build`, and on each
 * request in the dev server (always the current source; the browser checks it on registration).
 */
export function downloadWorkerPlugin(): Plugin {
  return {
    name: 'threadline-download-worker',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE_NAME, source: await bundleWorker() });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== WORKER_SCRIPT_PATH) {
          next();
          return;
        }
        bundleWorker().then((code) => {
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.setHeader('Cache-Control', 'no-cache');
          response.end(code);
        }, next);
      });
    },
  };
}
