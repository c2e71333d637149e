import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { pseudoLocalize } from './pseudo-localize.ts';

/**
 * The catalogs (src/i18n/catalogs/*.json, ICU MessageFormat) are compiled when imported with
 * `?catalog`: the app gets Lingui's compiled form (plain JSON data: no code and no ICU parser in
 * the bundle), and an ICU syntax error fails the build. `?pseudo-catalog` compiles the English
 * catalog into the pseudo-locale.
 */
export function catalogPlugin(): Plugin {
  return {
    name: 'threadline-i18n-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const query = /\.json\?(?:.*&)?(catalog|pseudo-catalog)$/.exec(id)?.[1];
      if (!query) return null;
      const compile = query === 'catalog' ? compileMessageOrThrow : pseudoLocalize;
      const source = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => {
          try {
            return [key, compile(message)];
          } catch (error) {
            throw new Error(`${id}: message "${key}": ${String(error)}`);
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
