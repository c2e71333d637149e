import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleResult {
  /** gzip -9 bytes of the JS index.html loads at start (entry, prefetched UI chunk, their static imports). */
  initialGzip: number;
  initialRaw: number;
  initialFiles: { file: string; raw: number; gzip: number }[];
  /** Every .js file of the build, lazy chunks and the download worker included. */
  totalGzip: number;
  totalRaw: number;
  allFiles: { file: string; raw: number; gzip: number }[];
  /** Set when the static-import walk disagrees with Vite's manifest. */
  manifestMismatch?: string;
}

const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;

/**
 * Scripts, modulepreloads and prefetches in index.html, as paths relative to the build folder:
 * everything the first view downloads (the UI chunk is prefetched, then imported at start).
 */
export function entryScripts(html: string): string[] {
  const found: string[] = [];
  const tag = /<(script|link)\b([^>]*)>/gi;
  for (const match of html.matchAll(tag)) {
    const [, name, attrs = ''] = match;
    const attr = (key: string) =>
      new RegExp(`\\b${key}\\s*=\\s*["']([^"']+)["']`, 'i').exec(attrs)?.[1];
    const url =
      name!.toLowerCase() === 'script'
        ? attr('src')
        : ['modulepreload', 'prefetch'].includes(attr('rel')?.toLowerCase() ?? '')
          ? attr('href')
          : undefined;
    if (url && !/^[a-z]+:/i.test(url)) found.push(url.replace(/^\//, ''));
  }
  return found;
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

async function listJs(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') out.push(...(await listJs(full, base)));
    } else if (entry.name.endsWith('.js')) {
      out.push(path.relative(base, full).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The same closure from .vite/manifest.json, as a cross-check of the walk: from the entry chunk
 * and any chunk index.html modulepreloads (a plugin may preload a lazy chunk), following `imports`.
 */
async function manifestInitial(distDir: string, roots: string[]): Promise<string[] | undefined> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return undefined;
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || roots.includes(chunk.file)) visit(key);
  }
  return [...seen].filter((file) => file.endsWith('.js')).sort();
}

export async function measureBundle(distDir: string): Promise<BundleResult> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const initial = new Set<string>();
  const roots = entryScripts(html).filter((file) => file.endsWith('.js'));
  const queue = [...roots];
  if (queue.length === 0) throw new Error('index.html loads no JavaScript: is the build broken?');
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (initial.has(file)) continue;
    initial.add(file);
    const code = await readFile(path.join(distDir, file), 'utf8');
    for (const specifier of staticImports(code)) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
      const resolved = specifier.startsWith('/')
        ? specifier.slice(1)
        : path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      queue.push(resolved);
    }
  }

  const sizes = new Map<string, { raw: number; gzip: number }>();
  for (const file of await listJs(distDir)) {
    const bytes = await readFile(path.join(distDir, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSize(bytes) });
  }
  const row = (file: string) => ({ file, ...(sizes.get(file) ?? { raw: 0, gzip: 0 }) });
  const initialFiles = [...initial].sort().map(row);
  const allFiles = [...sizes.keys()].map(row);
  const sum = (rows: { raw: number; gzip: number }[], key: 'raw' | 'gzip') =>
    rows.reduce((total, item) => total + item[key], 0);

  const fromManifest = await manifestInitial(distDir, roots);
  const walked = [...initial].sort();
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
