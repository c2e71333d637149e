import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { catalogPartOf } from './catalog-parts.ts';
import { pseudoLocalize } from './pseudo-localize.ts';

/**
 * The catalogs (src/i18n/catalogs/*.json, ICU MessageFormat) are compiled when imported with
 * `?catalog&part=first|later` (catalog-parts.ts): the app gets Lingui's compiled form (plain JSON
 * data: no code and no ICU parser in the bundle), and an ICU syntax error fails the build.
 * `?pseudo-catalog&part=…` compiles the English catalog into the pseudo-locale.
 */
export function catalogPlugin(): Plugin {
  return {
    name: 'threadline-i18n-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const [file, query = ''] = id.split('?');
      if (!file?.endsWith('.json')) return null;
      const params = new URLSearchParams(query);
      const pseudo = params.has('pseudo-catalog');
      if (!pseudo && !params.has('catalog')) return null;
      const part = params.get('part');
      const compile = pseudo ? pseudoLocalize : compileMessageOrThrow;
      const source = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source)
          .filter(([key]) => part === null || catalogPartOf(key) === part)
          .map(([key, message]) => {
            try {
              return [key, compile(message)];
            } catch (error) {
              throw new Error(`${file}: message "${key}": ${String(error)}`);
            }
          }),
      );
      // JSON.parse of a string literal: quicker for the browser to read than an object literal.
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`,
        map: null,
      };
    },
  };
}
