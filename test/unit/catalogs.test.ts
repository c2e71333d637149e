import { parse, type Token } from '@messageformat/parser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages';
import { pseudoLocalize } from '../../src/i18n/pseudo-localize';

/*
 * Every catalog says everything English says, nothing more, in valid ICU MessageFormat, with the
 * same placeholders: a translation cannot drop `{count}` or invent `{name}`.
 */

const CATALOGS = path.resolve(import.meta.dirname, '../../src/i18n/catalogs');

const read = (code: string) =>
  JSON.parse(readFileSync(path.join(CATALOGS, `${code}.json`), 'utf8')) as Record<string, string>;

/** The arguments a message uses (plural/select names included), nested branches too. */
function placeholders(tokens: readonly Token[], found = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'content' || token.type === 'octothorpe') continue;
    found.add(token.arg);
    if (token.type === 'function') placeholders(token.param ?? [], found);
    else if (token.type !== 'argument')
      for (const branch of token.cases) placeholders(branch.tokens, found);
  }
  return found;
}

const argumentsOf = (message: string) => [...placeholders(parse(message, { strict: true }))].sort();

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
        expect(argumentsOf(message), `${code} ${key}`).toEqual(argumentsOf(english[key]!));
      }
    },
  );

  it('fails on a broken message and sees placeholders inside plural branches', () => {
    expect(() => argumentsOf('{count, plural, one {# file}')).toThrow();
    expect(argumentsOf('{done} of {total}')).toEqual(['done', 'total']);
    expect(argumentsOf('{n, plural, one {# of {total}} other {#}}')).toEqual(['n', 'total']);
  });

  it('pseudo-localizes every English message: accented, longer, placeholders kept', () => {
    for (const [key, message] of Object.entries(english)) {
      const pseudo = pseudoLocalize(message);
      expect(argumentsOf(pseudo), key).toEqual(argumentsOf(message));
      expect(pseudo.length, key).toBeGreaterThan(message.length);
    }
    expect(pseudoLocalize("It''s {count, plural, one {# file} other {# files}}")).toBe(
      "[Īŧ~''ş~ {count, plural, one {# ƒīŀḗ~~} other {# ƒīŀḗş~~}}]",
    );
  });
});
