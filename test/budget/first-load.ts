/**
 * The first-load budget, part of `npm test`: builds the app into a temporary folder, measures what
 * an agent's browser downloads before the app shows (test/budget/measure-first-load.ts says what
 * counts) and exits 1 when that is over FIRST_LOAD_BUDGET_KIB, gzip level 9, when a library's
 * development build is in the built code, or when a file that should be compiled on load does not
 * begin with the compile hint or its source map no longer lines up (vite.config.ts,
 * `compiledOnLoad`).
 *
 * `tsx test/budget/first-load.ts [--dist DIR]`: with --dist, measures an existing build instead
 * (it must have been built with `--manifest`).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { measureBundle, type FileSize } from './measure-first-load';

/*
 * Issue 17's figure. From 2026-11-26 to 2026-11-27 it was 125 KiB: English in the first load
 * (issue 20) had brought it to 124.4 KiB. React Router's unused Link, NavLink and Form, which its
 * build kept in the bundle (vite.config.ts), brought it back under (docs/performance.md).
 */
const FIRST_LOAD_BUDGET_KIB = 120;
const KIB = 1024;
const ROOT = path.resolve(import.meta.dirname, '../..');
/** The UI code: without it in the first load, the figure would leave out most of the app. */
const UI_CODE_SOURCE = 'src/app/start.tsx';

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

async function buildInto(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    configLoader: 'runner',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

async function uiCodeFile(distDir: string): Promise<string | undefined> {
  const manifest = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return manifest[UI_CODE_SOURCE]?.file;
}

/**
 * Libraries' development builds (warnings on, larger) found in the built code, by their source
 * maps: React Router's exports name only its development build (vite.config.ts says why).
 */
async function developmentBuilds(distDir: string): Promise<string[]> {
  const assets = path.join(distDir, 'assets');
  const maps = (await readdir(assets)).filter((file) => file.endsWith('.js.map'));
  const found = new Set<string>();
  for (const file of maps) {
    const { sources } = JSON.parse(await readFile(path.join(assets, file), 'utf8')) as {
      sources: string[];
    };
    for (const source of sources) {
      if (/node_modules\/.*(\/development\/|\.development\.js$)/.test(source)) found.add(source);
    }
  }
  return [...found];
}

/** The files vite.config.ts gives the compile hint, by their manifest keys (the entry's is its page). */
const COMPILED_ON_LOAD = ['index.html', UI_CODE_SOURCE, 'src/app/conversation-route.tsx'];
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * What is wrong with the compile hints: a file without the hint as its first line, or whose
 * source map has not moved down with it (its lines, without the final `sourceMappingURL`
 * comment, must be as many as the map's).
 */
async function compileHintProblems(distDir: string): Promise<string[]> {
  const manifest = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const problems: string[] = [];
  for (const source of COMPILED_ON_LOAD) {
    const file = manifest[source]?.file;
    if (!file) {
      problems.push(`${source}: not in the manifest`);
      continue;
    }
    const code = await readFile(path.join(distDir, file), 'utf8');
    const { mappings } = JSON.parse(await readFile(path.join(distDir, `${file}.map`), 'utf8')) as {
      mappings: string;
    };
    const codeLines = code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '').split('\n').length;
    const mapLines = mappings.split(';').length;
    if (!code.startsWith(COMPILE_HINT)) problems.push(`${file}: no compile hint on its first line`);
    if (codeLines !== mapLines)
      problems.push(`${file}: ${codeLines} lines of code, ${mapLines} in its source map`);
  }
  return problems;
}

function table(rows: FileSize[]): string {
  const width = Math.max(...rows.map((row) => row.file.length));
  return rows
    .map(
      (row) =>
        `  ${row.file.padEnd(width)}  ${kib(row.gzip).padStart(10)} gzip  ${kib(row.raw).padStart(10)} raw`,
    )
    .join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } });
  const distDir = values.dist
    ? path.resolve(values.dist)
    : await mkdtemp(path.join(tmpdir(), 'threadline-first-load-'));
  try {
    if (!values.dist) await buildInto(distDir);
    const bundle = await measureBundle(distDir);
    const first = new Set(bundle.initialFiles.map((row) => row.file));
    const lazy = bundle.allFiles.filter((row) => !first.has(row.file));

    console.log(`First load (gzip level 9):\n${table(bundle.initialFiles)}`);
    console.log(`Not in the first load (loaded on demand):\n${table(lazy)}`);
    const over = bundle.initialGzip > FIRST_LOAD_BUDGET_KIB * KIB;
    console.log(
      `First load: ${kib(bundle.initialGzip)} (${bundle.initialGzip} B) gzip, budget ${FIRST_LOAD_BUDGET_KIB} KiB (${FIRST_LOAD_BUDGET_KIB * KIB} B): ${over ? `OVER by ${bundle.initialGzip - FIRST_LOAD_BUDGET_KIB * KIB} B` : 'within'}`,
    );

    // A figure that misses the code it is about would pass any budget: check the walk found it.
    const uiCode = await uiCodeFile(distDir);
    if (!uiCode || !first.has(uiCode)) {
      console.error(
        `The UI code (${UI_CODE_SOURCE}, ${uiCode ?? 'not in the manifest'}) is not in the first load: index.html no longer lists it the way measure-first-load.ts reads.`,
      );
      return 1;
    }
    const development = await developmentBuilds(distDir);
    if (development.length > 0) {
      console.error(`Development builds in the production code:\n  ${development.join('\n  ')}`);
      return 1;
    }
    const hints = await compileHintProblems(distDir);
    if (hints.length > 0) {
      console.error(`Compile hints (vite.config.ts, compiledOnLoad):\n  ${hints.join('\n  ')}`);
      return 1;
    }
    if (bundle.manifestMismatch) {
      console.error(`The first load is uncertain: ${bundle.manifestMismatch}`);
      return 1;
    }
    return over ? 1 : 0;
  } finally {
    if (!values.dist) await rm(distDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
