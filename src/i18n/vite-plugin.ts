import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { catalogPartOf } from './catalog-parts.ts';
import { pseudoLocalize } from './pseudo-localize.ts';

/** Where a compiled catalog lives in the module graph (see catalogPlugin). */
const CATALOG_ID = '\0threadline-catalog/';

/**
 * The catalogs (src/i18n/catalogs/*.json, ICU MessageFormat) are compiled at build time when
 * imported with `?catalog&part=first|later` (catalog-parts.ts): messageformat turns each message
 * into a small function (plurals by the language's rules, numbers in its digits), so the app
 * carries no ICU parser, and a syntax error fails the build. `?pseudo-catalog&part=…` compiles
 * the English catalog into the pseudo-locale (pseudo-localize.ts).
 *
 * A compiled catalog is a module of its own id (`\0threadline-catalog/<kind>/<part>/…/de.js`),
 * not the JSON file's: the code imports `@messageformat/runtime`, and Vite's dev server rewrites
 * bare imports in every module except those whose id ends in `.json`, so under the JSON file's
 * id `npm start` failed to load any catalog. The id ends in the language and `.js`, so a built
 * catalog's file is named for its language, as before.
 */
export function catalogPlugin(): Plugin {
  return {
    name: 'threadline-i18n-catalogs',
    enforce: 'pre',
    async resolveId(source, importer) {
      const [file = '', query = ''] = source.split('?');
      if (!file.endsWith('.json')) return null;
      const params = new URLSearchParams(query);
      const kind = params.has('pseudo-catalog')
        ? 'pseudo'
        : params.has('catalog')
          ? 'catalog'
          : null;
      if (!kind) return null;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      if (!resolved) return null;
      const part = params.get('part') ?? 'all';
      return `${CATALOG_ID}${kind}/${part}${resolved.id.replace(/\.json$/, '.js')}`;
    },
    async load(id) {
      if (!id.startsWith(CATALOG_ID)) return null;
      const [kind = '', part = '', ...rest] = id.slice(CATALOG_ID.length).split('/');
      const file = `/${rest.join('/')}`.replace(/\.js$/, '.json');
      this.addWatchFile(file);
      const pseudo = kind === 'pseudo';
      const language = pseudo ? 'en' : /([\w-]+)\.json$/.exec(file)![1]!;
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const messages = Object.fromEntries(
        Object.entries(source)
          .filter(([key]) => part === 'all' || catalogPartOf(key) === part)
          .map(([key, message]) => [key, pseudo ? pseudoLocalize(message) : message]),
      );
      try {
        return {
          code: compileModule(new MessageFormat(language, { strict: true }), messages),
          map: null,
        };
      } catch (error) {
        throw new Error(`${file}: ${String(error)}`, { cause: error });
      }
    },
  };
}
