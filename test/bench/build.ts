import path from 'node:path';
import { build } from 'vite';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The bench builds into its own folder rather than dist/, so it never races a concurrent
 * `npm run build` (the browser tests' web server runs one). BENCH_DIST_DIR chooses another
 * folder, for two benches at once in one checkout.
 */
export const BENCH_DIST = process.env.BENCH_DIST_DIR
  ? path.resolve(ROOT, process.env.BENCH_DIST_DIR)
  : path.join(ROOT, 'bench-results', 'dist');

/** Production build of the app with the project's vite.config.ts, plus a manifest for checks. */
export async function buildApp(
  outDir = BENCH_DIST,
  { minify = true }: { minify?: boolean } = {},
): Promise<string> {
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    // Loads vite.config.ts through Vite's module runner (the bundle loader warns about its imports).
    configLoader: 'runner',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, minify },
  });
  return outDir;
}
