import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { measureBundle, staticImports } from './measure-bundle';
import type { BundleResult } from './measure-bundle';

/**
 * The UI code's files as the build lists them in index.html (vite.config.ts, listUiCodeFiles):
 * data, not a <link>, so measureBundle's walk of scripts and preloads does not see them, yet the
 * boot prefetches them for every signed-in agent (src/boot/load-ui.ts).
 */
export function uiCodeFiles(html: string): string[] {
  const json = /<script\b[^>]*\bid=["']ui-code-files["'][^>]*>([\s\S]*?)<\/script>/i.exec(
    html,
  )?.[1];
  if (!json) return [];
  const files: unknown = JSON.parse(json);
  return Array.isArray(files)
    ? files
        .filter((file): file is string => typeof file === 'string')
        .map((file) => file.replace(/^\//, ''))
    : [];
}

export interface FirstLoadResult extends BundleResult {
  /** The files the boot prefetches from index.html's list, with their static imports. */
  uiCodeFiles: string[];
}

/**
 * The first load of a signed-in agent: measureBundle's entry and what index.html preloads, plus
 * the UI code the boot prefetches, each file counted once.
 */
export async function measureFirstLoad(distDir: string): Promise<FirstLoadResult> {
  const bundle = await measureBundle(distDir);
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const listed = new Set<string>();
  const queue = uiCodeFiles(html);
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (listed.has(file)) continue;
    listed.add(file);
    const code = await readFile(path.join(distDir, file), 'utf8');
    for (const specifier of staticImports(code)) {
      if (specifier.startsWith('.'))
        queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      else if (specifier.startsWith('/')) queue.push(specifier.slice(1));
    }
  }
  const known = new Set(bundle.initialFiles.map((entry) => entry.file));
  const added = bundle.allFiles.filter((entry) => listed.has(entry.file) && !known.has(entry.file));
  const initialFiles = [...bundle.initialFiles, ...added].sort((a, b) =>
    a.file.localeCompare(b.file),
  );
  return {
    ...bundle,
    initialFiles,
    initialGzip: initialFiles.reduce((sum, entry) => sum + entry.gzip, 0),
    initialRaw: initialFiles.reduce((sum, entry) => sum + entry.raw, 0),
    uiCodeFiles: [...listed].sort(),
  };
}
