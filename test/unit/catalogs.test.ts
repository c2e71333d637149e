import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages';

/*
 * Every catalog says everything English says, nothing more, in valid ICU MessageFormat, with the
 * same placeholders: a translation cannot drop `{count}` or invent `{name}`.
 */

const CATALOGS = path.resolve(import.meta.dirname, '../../src/i18n/catalogs');

const read = (code: string) =>
  JSON.parse(readFileSync(path.join(CATALOGS, `${code}.json`), 'utf8')) as Record<string, string>;

/** The arguments a message uses (plural/select names included), nested branches too. */
function placeholders(message: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    found.add(name);
    if (format && typeof format === 'object')
      for (const [key, branch] of Object.entries(format))
        if (key !== 'offset' && Array.isArray(branch))
          placeholders(branch as CompiledMessage, found);
  }
  return found;
}

const english = read('en');

describe('the catalogs', () => {
  it('has one catalog file per language, and a language for every catalog file', () => {
    const files = readdirSync(CATALOGS)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual(LANGUAGES.map((language) => language.code).sort());
  });

  it.each(LANGUAGES.map((language) => language.code))(
    '%s has exactly the English keys, each valid ICU with the same placeholders',
    (code) => {
      const catalog = read(code);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(catalog)) {
        expect(message.trim(), `${code} ${key} is empty`).not.toBe('');
        const compiled = compileMessageOrThrow(message);
        expect([...placeholders(compiled)].sort(), `${code} ${key}`).toEqual(
          [...placeholders(compileMessageOrThrow(english[key]!))].sort(),
        );
      }
    },
  );

  it('fails on a broken message, a missing placeholder and a missing key (the checks above)', () => {
    expect(() => compileMessageOrThrow('{count, plural, one {# file}')).toThrow();
    expect([...placeholders(compileMessageOrThrow('{done} of {total}'))].sort()).toEqual([
      'done',
      'total',
    ]);
    expect(
      [...placeholders(compileMessageOrThrow('{n, plural, one {# of {total}} other {#}}'))].sort(),
    ).toEqual(['n', 'total']);
  });
});
