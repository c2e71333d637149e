import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/*
 * The pseudo-locale (`en-XA`, for development and tests): every letter the app writes accented and
 * each message about 40 % longer, between brackets. Text that stays plain ASCII did not go through
 * the catalogs; a bracket cut off marks a control too narrow for a longer language. Only the text
 * of a message changes: placeholders and plural or select keys stay as they are.
 */

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'];

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)]!);
}

export function pseudoLocalize(message: string): CompiledMessage {
  let letters = 0;
  const tokens = compileMessageOrThrow(message, (text) => {
    letters += text.length;
    return accent(text);
  });
  return ['[', ...tokens, `${'~'.repeat(Math.ceil(letters * 0.4))}]`];
}
