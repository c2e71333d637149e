import { OFFERED_LANGUAGES, type Language } from '../../i18n/languages';
import { t } from '../../i18n/translate';
import { h, type ViewElement } from '../../ui/view';

/*
 * The header's Language control and Time settings button, described once (ui/view.ts): the app
 * renders them with React and the first paint (src/boot/first-paint.ts) draws them before React
 * has loaded, so the header does not move when React takes over. Parts `language` (the select) and
 * `time-settings` (the button).
 */

/** Each language named in itself, and marked as written in it for screen readers. */
export function languageSelectView(current: Language): ViewElement {
  return h(
    'select',
    {
      className: 'language-select',
      // Named, so the sign-in form the app takes over can give it back the focus it had.
      name: 'language',
      'aria-label': t('settings.language'),
      value: current.code,
      'data-part': 'language',
    },
    ...OFFERED_LANGUAGES.map((language) =>
      h('option', { value: language.code, lang: language.code }, language.name),
    ),
  );
}

export function timeSettingsButtonView(): ViewElement {
  return h(
    'button',
    {
      type: 'button',
      className: 'button-quiet',
      'aria-haspopup': 'dialog',
      'data-part': 'time-settings',
    },
    t('settings.timeButton'),
  );
}
