import { parse, type Token } from '@messageformat/parser';

/*
 * The pseudo-locale (`en-XA`, for development and tests): every letter the app writes accented and
 * each word about 40 % longer (`~` after it: longer words, as German's, not one long unbreakable
 * tail, which no language has), the message between brackets. Text that stays plain ASCII did not go through
 * the catalogs; a bracket cut off marks a control too narrow for a longer language. Only the text
 * of a message changes: placeholders and plural or select keys stay as they are.
 */

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = Array.from('ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ');

const accent = (text: string) =>
  text.replace(
    /[A-Za-z]+/g,
    (word) =>
      Array.from(word, (letter) => ACCENTED[PLAIN.indexOf(letter)]!).join('') +
      '~'.repeat(Math.ceil(word.length * 0.4)),
  );

/** The text parts of a message, where they are in its source. */
function contents(tokens: readonly Token[]): { offset: number; text: string }[] {
  return tokens.flatMap((token) => {
    if (token.type === 'content') return [{ offset: token.ctx.offset, text: token.ctx.text }];
    if (token.type === 'function') return contents(token.param ?? []);
    if (token.type === 'argument' || token.type === 'octothorpe') return [];
    return token.cases.flatMap((branch) => contents(branch.tokens));
  });
}

/** An English ICU message as the pseudo-locale's ICU message. */
export function pseudoLocalize(message: string): string {
  let result = message;
  // From the end, so the offsets of the parts before stay true. Letters are never ICU syntax.
  for (const { offset, text } of contents(parse(message)).reverse()) {
    result = result.slice(0, offset) + accent(text) + result.slice(offset + text.length);
  }
  return `[${result}]`;
}
