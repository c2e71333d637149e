/**
 * What an agent's browser downloads to show the app, measured on a build folder: the one
 * implementation behind the first-load budget in `npm test` (test/budget/first-load.ts) and the
 * bench's bundle figures (test/bench/measure-bundle.ts).
 *
 * The first load is every script and stylesheet index.html loads, preloads or prefetches, the UI
 * code the start-up prefetches from the list index.html carries (`#ui-code-files`, see
 * src/boot/load-ui.ts and vite.config.ts), everything those import statically, transitively, and
 * the CSS Vite loads with each of those chunks. Sizes are gzip at level 9, what a server
 * precompressing its assets sends.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleResult {
  /** gzip -9 bytes of the first load (see above). */
  initialGzip: number;
  initialRaw: number;
  initialFiles: FileSize[];
  /** Every .js and .css file of the build, lazy chunks and the download worker included. */
  totalGzip: number;
  totalRaw: number;
  allFiles: FileSize[];
  /** Set when the static-import walk disagrees with Vite's manifest. */
  manifestMismatch?: string;
}

const GZIP_LEVEL = 9;
const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: GZIP_LEVEL }).length;

const isCode = (file: string) => file.endsWith('.js') || file.endsWith('.css');

/** The build-relative path of a same-origin URL, or undefined for another origin or data. */
function localFile(url: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')
    ? undefined
    : url.replace(/^\//, '');
}

/**
 * The files index.html starts downloading, as paths relative to the build folder: script sources,
 * module preloads, prefetches, preloaded scripts and styles, stylesheets, and the UI code listed
 * as data for the start-up to prefetch.
 */
export function entryScripts(html: string): string[] {
  const found: string[] = [];
  const tag = /<(script|link)\b([^>]*)>/gi;
  for (const match of html.matchAll(tag)) {
    const [whole, name, attrs = ''] = match;
    const attr = (key: string) =>
      new RegExp(`(?:^|\\s)${key}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attrs)?.[1];
    if (name!.toLowerCase() === 'script') {
      const src = attr('src');
      if (src) found.push(src);
      else if (attr('id') === 'ui-code-files') {
        const end = html.indexOf('</script>', match.index + whole.length);
        const list: unknown = JSON.parse(html.slice(match.index + whole.length, end));
        if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
          throw new Error('index.html #ui-code-files is not a list of file URLs.');
        found.push(...list);
      }
      continue;
    }
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    const as = attr('as')?.toLowerCase();
    const href = attr('href');
    const loads =
      rel.includes('modulepreload') ||
      rel.includes('prefetch') ||
      rel.includes('stylesheet') ||
      (rel.includes('preload') && (as === 'script' || as === 'style'));
    if (href && loads) found.push(href);
  }
  return [...new Set(found.flatMap((url) => localFile(url) ?? []))];
}

/**
 * Specifiers of static `import … from '…'`, `import '…'` and `export … from '…'` statements.
 * Lazy `import('…')` calls are not matched: the keyword must be followed by a binding, a brace,
 * a star or the string itself, never a parenthesis.
 */
export function staticImports(code: string): string[] {
  const pattern =
    /(?:^|[;}\n])\s*(?:import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+|\{[^}]*\})?\s*(?:from\s*)?|export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})\s*from\s*)(["'`])([^"'`]+)\1/g;
  const found: string[] = [];
  for (const match of code.matchAll(pattern)) found.push(match[2]!);
  return found;
}

async function listCode(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') out.push(...(await listCode(full, base)));
    } else if (isCode(entry.name)) {
      out.push(path.relative(base, full).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

async function readManifest(distDir: string): Promise<Record<string, ManifestChunk> | undefined> {
  try {
    return JSON.parse(
      await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return undefined;
  }
}

/**
 * The same closure from Vite's manifest, as a cross-check of the walk: from the entry chunk and
 * every chunk index.html names, following `imports`, with each chunk's CSS.
 */
function manifestClosure(manifest: Record<string, ManifestChunk>, roots: string[]): string[] {
  const seen = new Set<string>(roots.filter((file) => file.endsWith('.css')));
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || roots.includes(chunk.file)) visit(key);
  }
  return [...seen].sort();
}

/** Sizes of the first load and of every other script and stylesheet in the build at `distDir`. */
export async function measureBundle(distDir: string): Promise<BundleResult> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const roots = entryScripts(html).filter(isCode);
  if (!roots.some((file) => file.endsWith('.js')))
    throw new Error('index.html loads no JavaScript: is the build broken?');
  const manifest = await readManifest(distDir);
  const cssOf = new Map(
    Object.values(manifest ?? {}).map((chunk) => [chunk.file, chunk.css ?? []] as const),
  );

  const initial = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (initial.has(file)) continue;
    initial.add(file);
    if (!file.endsWith('.js')) continue;
    // Vite loads a chunk's CSS with the chunk (a <link> for the entry, its preload helper else).
    queue.push(...(cssOf.get(file) ?? []));
    const code = await readFile(path.join(distDir, file), 'utf8');
    for (const specifier of staticImports(code)) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
      queue.push(
        specifier.startsWith('/')
          ? specifier.slice(1)
          : path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
      );
    }
  }

  const sizes = new Map<string, { raw: number; gzip: number }>();
  for (const file of await listCode(distDir)) {
    const bytes = await readFile(path.join(distDir, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSize(bytes) });
  }
  const missing = [...initial].filter((file) => !sizes.has(file));
  if (missing.length > 0)
    throw new Error(`index.html loads files the build does not have: ${missing.join(', ')}`);
  const row = (file: string): FileSize => ({ file, ...sizes.get(file)! });
  const initialFiles = [...initial].sort().map(row);
  const allFiles = [...sizes.keys()].map(row);
  const sum = (rows: FileSize[], key: 'raw' | 'gzip') =>
    rows.reduce((total, item) => total + item[key], 0);

  const walked = [...initial].sort();
  const fromManifest = manifest && manifestClosure(manifest, roots);
  const manifestMismatch =
    fromManifest && fromManifest.join() !== walked.join()
      ? `manifest says [${fromManifest.join(', ')}], index.html walk found [${walked.join(', ')}]`
      : undefined;

  return {
    initialGzip: sum(initialFiles, 'gzip'),
    initialRaw: sum(initialFiles, 'raw'),
    initialFiles,
    totalGzip: sum(allFiles, 'gzip'),
    totalRaw: sum(allFiles, 'raw'),
    allFiles,
    ...(manifestMismatch ? { manifestMismatch } : {}),
  };
}
