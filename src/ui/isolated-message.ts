import { t, type MessageId, type MessageValues } from '../i18n/translate';
import { h, type View } from './view';

/** Private-use characters stand in for the isolated values while the message is formatted. */
const FIRST_MARK = 0xe000;
const MARK = /([\uE000-\uE0FF])/;

/**
 * A message whose `isolated` values (ids, contact and inbox numbers, hosts) stay left-to-right in
 * any language: each is drawn in a <bdi> of its own, wherever the translation puts its
 * placeholder, so translators keep their word order and the message stays plain ICU.
 */
export function isolatedMessage(
  id: MessageId,
  isolated: Readonly<Record<string, string>>,
  values: MessageValues = {},
): View[] {
  const names = Object.keys(isolated);
  const marked: Record<string, string | number> = { ...values };
  names.forEach((name, index) => (marked[name] = String.fromCharCode(FIRST_MARK + index)));
  return t(id, marked)
    .split(MARK)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const name = MARK.test(piece) ? names[piece.charCodeAt(0) - FIRST_MARK] : undefined;
      return name === undefined ? piece : h('bdi', {}, isolated[name]!);
    });
}
