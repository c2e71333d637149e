import { t } from '../../i18n/translate';
import { h, type ViewElement } from '../../ui/view';

/*
 * "Go to conversation" in the header, described once (ui/view.ts): the app renders it with React
 * and the first paint (src/boot/first-paint.ts) draws it before React has loaded, so the header
 * does not move when React takes over. Part `button`. Its key, `g`, is declared with
 * aria-keyshortcuts: the app's one key handler (conversations/list-keys.ts) clicks it, and a `g`
 * pressed on the first paint is replayed the same way.
 */
export function goToButtonView(): ViewElement {
  return h(
    'button',
    {
      type: 'button',
      className: 'button-quiet',
      'aria-keyshortcuts': 'g',
      'data-part': 'button',
    },
    t('goTo.button'),
  );
}
