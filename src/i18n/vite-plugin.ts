import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module';
import type { Plugin } from 'vite';
import { catalogPartOf } from './catalog-parts.ts';
import { pseudoLocalize } from './pseudo-localize.ts';

/**
 * The catalogs (src/i18n/catalogs/*.json, ICU MessageFormat) are compiled at build time when
 * imported with `?catalog&part=first|later` (catalog-parts.ts): messageformat turns each message
 * into a small function (plurals by the language's rules, numbers in its digits), so the app
 * carries no ICU parser, and a syntax error fails the build. `?pseudo-catalog&part=…` compiles
 * the English catalog into the pseudo-locale (pseudo-localize.ts).
 */
export function catalogPlugin(): Plugin {
  return {
    name: 'threadline-i18n-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const [file = '', query = ''] = id.split('?');
      if (!file.endsWith('.json')) return null;
      const params = new URLSearchParams(query);
      const pseudo = params.has('pseudo-catalog');
      if (!pseudo && !params.has('catalog')) return null;
      const part = params.get('part');
      const language = pseudo ? 'en' : /([\w-]+)\.json$/.exec(file)![1]!;
      const source = JSON.parse(code) as Record<string, string>;
      const messages = Object.fromEntries(
        Object.entries(source)
          .filter(([key]) => part === null || catalogPartOf(key) === part)
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
