import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { CONFIG_PATH, WORKER_SCRIPT_PATH } from './protocol.ts';

const ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
const FILE_NAME = WORKER_SCRIPT_PATH.slice(1);
/** Where Workbox's precache list goes in the worker (what its injectManifest replaces too). */
const MANIFEST_PLACEHOLDER = 'self.__WB_MANIFEST';

/** One file to precache: content-hashed files (under assets/) need no revision of their own. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * The worker as one classic script (an IIFE): module service workers are not available in every
 * browser Threadline supports, and a service worker's URL must not change between releases, so it
 * is not hashed (it is served no-cache instead). Not minified and without a source map: it stays
 * readable as served in the browser's devtools (doc comments left out).
 */
async function bundleWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    // Workbox's development logging is left out, as in any production build.
    mode: 'production',
    build: {
      write: false,
      target: 'es2022',
      minify: false,
      sourcemap: false,
      rolldownOptions: {
        input: ENTRY,
        // Doc comments (most of them Workbox's API documentation) are left out.
        output: {
          format: 'iife',
          entryFileNames: FILE_NAME,
          comments: { legal: true, annotation: false, jsdoc: false },
        },
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

/** The worker's code with `entries` as its precache list (none in the development server). */
function withPrecache(code: string, entries: PrecacheEntry[]): string {
  const at = code.indexOf(MANIFEST_PLACEHOLDER);
  if (at < 0 || code.indexOf(MANIFEST_PLACEHOLDER, at + 1) >= 0)
    throw new Error(`The worker must use ${MANIFEST_PLACEHOLDER} exactly once.`);
  return code.replace(MANIFEST_PLACEHOLDER, JSON.stringify(entries, null, 2));
}

/**
 * Precached: what the app needs to start and run without the network, which is everything the
 * build serves itself: index.html, every script, module worker and stylesheet (the lazy ones too:
 * an open tab of this version must still find them once the next version is deployed), the
 * favicon, icons and manifest. Not: source maps, the worker itself, and config.json, which a
 * deployment changes without a build (config-copy.ts keeps its last good copy).
 */
const PRECACHED = /\.(html|js|mjs|css|svg|png|ico|webmanifest|woff2?)$/;

function isPrecached(fileName: string): boolean {
  return (
    PRECACHED.test(fileName) &&
    fileName !== FILE_NAME &&
    `/${fileName}` !== CONFIG_PATH &&
    !fileName.startsWith('.')
  );
}

const revision = (bytes: string | Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 20);

/** Every file under `dir`, as paths relative to it with forward slashes. */
async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full, base)));
    else found.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return found;
}

/** The precache list: the bundle's files and the public folder's (copied beside them by Vite). */
async function precacheEntries(
  bundle: Rollup.OutputBundle,
  publicDir: string | undefined,
): Promise<PrecacheEntry[]> {
  const entries = new Map<string, string | null>();
  for (const output of Object.values(bundle)) {
    if (!isPrecached(output.fileName)) continue;
    const hashed = output.fileName.startsWith('assets/');
    const bytes = output.type === 'chunk' ? output.code : output.source;
    entries.set(`/${output.fileName}`, hashed ? null : revision(bytes));
  }
  const publicFiles = publicDir ? await filesUnder(publicDir).catch(() => []) : [];
  for (const file of publicFiles.filter(isPrecached)) {
    entries.set(`/${file}`, revision(await readFile(path.join(publicDir!, file))));
  }
  if (!entries.has('/index.html')) throw new Error('index.html is missing from the precache.');
  return [...entries]
    .map(([url, rev]) => ({ url, revision: rev }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * Builds src/download-worker/ to /download-sw.js: beside index.html in `vite build`, with the
 * build's precache list in it, and on each request in the dev server (always the current source,
 * nothing precached; the browser checks it on registration).
 */
export function downloadWorkerPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'threadline-download-worker',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      // After index.html has been written into the bundle: it is precached too.
      order: 'post',
      async handler(_options, bundle) {
        const entries = await precacheEntries(bundle, config?.publicDir || undefined);
        this.emitFile({
          type: 'asset',
          fileName: FILE_NAME,
          source: withPrecache(await bundleWorker(), entries),
        });
      },
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
          response.end(withPrecache(code, []));
        }, next);
      });
    },
  };
}
