import { t } from '../i18n/translate';
import { h, slot, type ViewElement } from '../ui/view';

/*
 * The inbox's frame, described once (ui/view.ts): the app renders it with React
 * (inbox-layout.tsx) and the first paint (src/boot/first-paint.ts) draws it before React has
 * loaded. Part `sign-out`; slots `go-to` (Go to conversation), `density` (Compact rows), `notify`,
 * `downloads`, `language-and-time` (header actions, in the header's Menu on a phone), `offline`
 * (the banner), `filter`, `find`, `list` and `pane`.
 */
/** The brand is written as it is in every language. */
const APP_NAME = 'Threadline';
const HEADER_MENU_ID = 'header-menu';

/**
 * Closes the phone's Menu when it is open: following a link from inside it (Go to conversation, a
 * conversation in the downloads panel) should leave it closed, as a link in any menu does.
 */
export function closeHeaderMenu() {
  const menu = document.getElementById(HEADER_MENU_ID);
  // Without popovers (older browsers, test DOMs) the actions sit in the header's line anyway.
  if (typeof menu?.hidePopover === 'function' && menu.matches(':popover-open')) menu.hidePopover();
}

export function inboxView(serviceUrl: string, paneOpen: boolean): ViewElement {
  return h(
    'div',
    { className: paneOpen ? 'inbox inbox-pane-open' : 'inbox' },
    h(
      'header',
      { className: 'app-header' },
      h('p', { className: 'app-name' }, APP_NAME),
      h(
        'p',
        { className: 'service-host', title: serviceUrl },
        // The host stays left-to-right in Arabic, at the header's start side.
        h('bdi', {}, new URL(serviceUrl).host),
      ),
      // Below 720 px the actions fold into Menu: a popover, so no script (the first paint's
      // works too); the browser closes it on Esc or a tap outside and gives focus back. Wider,
      // the menu's box steps aside and they sit in the header's line (styles.css).
      h(
        'button',
        { type: 'button', className: 'button-quiet', popoverTarget: HEADER_MENU_ID },
        t('header.menu'),
      ),
      h(
        'div',
        { id: HEADER_MENU_ID, popover: 'auto' },
        slot('go-to'),
        slot('density'),
        slot('notify'),
        slot('downloads'),
        slot('language-and-time'),
        h(
          'button',
          { type: 'button', className: 'button-quiet', 'data-part': 'sign-out' },
          t('header.signOut'),
        ),
      ),
    ),
    slot('offline'),
    h(
      'main',
      { className: 'inbox-main' },
      h(
        'section',
        { className: 'list-column', 'aria-label': t('list.label') },
        h('h1', { className: 'visually-hidden' }, t('list.heading')),
        slot('filter'),
        slot('find'),
        slot('list'),
      ),
      slot('pane'),
    ),
  );
}
