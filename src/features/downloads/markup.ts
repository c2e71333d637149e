import { formatNumber } from '../../i18n/format';
import { t } from '../../i18n/translate';
import { h, slot, type ViewElement } from '../../ui/view';

/*
 * "Downloads" in the header, described once (ui/view.ts): the app renders it with React and the
 * first paint (src/boot/first-paint.ts) draws it before React has loaded. Part `button`; slot
 * `panel`.
 */
export function downloadsButtonView(running: number, open: boolean): ViewElement {
  return h(
    'div',
    { className: 'downloads' },
    h(
      'button',
      {
        type: 'button',
        className: 'button-quiet downloads-button',
        'aria-expanded': open,
        'aria-controls': open ? 'downloads-panel' : undefined,
        'aria-keyshortcuts': 'd',
        // With downloads running the pane's code, and the later part of the catalog, is here.
        'aria-label':
          running > 0
            ? t('downloadsPanel.buttonRunning', { count: running })
            : t('downloads.title'),
        'data-part': 'button',
      },
      t('downloads.title'),
      running > 0 ? h('span', { className: 'downloads-count' }, formatNumber(running)) : null,
    ),
    slot('panel'),
  );
}
