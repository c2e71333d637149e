import { t } from '../../i18n/translate';
import type { SignOutReason } from '../../lib/session-context';
import { h, slot, type View, type ViewElement } from '../../ui/view';

/*
 * The sign-in form, described once (ui/view.ts): the app renders it with React (sign-in-form.tsx)
 * and the first screen (src/boot/sign-in-paint.ts) draws it before React has loaded. Parts `form`,
 * `service-url`, `token`, `forget`, `forgotten`; one form on the page, so its ids are fixed. Slot
 * `language`: the header's Language select, so a language can be chosen before signing in.
 */

export const SIGN_IN_IDS = {
  serviceUrl: 'sign-in-service-url',
  token: 'sign-in-token',
  error: 'sign-in-error',
};

export interface SignInMarkup {
  serviceUrl: string;
  token: string;
  /** Why the last session ended in this tab, if it did. */
  endedBecause: SignOutReason | null;
  /** The demo service's token, shown as filled in for the agent. */
  demoToken: string | undefined;
  /** The message, with the URL it names in a <bdi>. */
  error: readonly View[] | null;
  pending: boolean;
  /** While a busy service is waited for before asking again: how long, in seconds. */
  retryInSeconds?: number | null | undefined;
  /**
   * After Sign out, the offer to forget which conversations this browser remembers as read
   * (lib/new-to-you.ts), then its outcome. Offered after signing out rather than asked before,
   * so signing out stays one click.
   */
  forget?: 'offer' | 'done' | undefined;
}

export function signInFormView({
  serviceUrl,
  token,
  endedBecause,
  demoToken,
  error,
  pending,
  retryInSeconds,
  forget,
}: SignInMarkup): ViewElement {
  const describedBy = error ? SIGN_IN_IDS.error : undefined;
  return h(
    'main',
    { className: 'sign-in' },
    h(
      'form',
      {
        className: 'sign-in-card',
        noValidate: true,
        'aria-labelledby': 'sign-in-title',
        'data-part': 'form',
      },
      // The Language select beside the title (below it where the line is too short): a line of
      // its own would scroll the form on a short window (1280×800 at 200 %).
      h(
        'div',
        { className: 'sign-in-heading' },
        h('h1', { id: 'sign-in-title' }, t('signIn.title')),
        slot('language'),
      ),
      endedBecause === 'expired'
        ? h('p', { role: 'alert', className: 'alert' }, t('signIn.expired'))
        : null,
      endedBecause === 'signed-out' ? h('p', { role: 'status' }, t('signIn.signedOut')) : null,
      forget === 'offer'
        ? h(
            'button',
            { type: 'button', className: 'button-quiet', 'data-part': 'forget' },
            t('signIn.forget'),
          )
        : null,
      forget === 'done'
        ? h('p', { role: 'status', tabIndex: -1, 'data-part': 'forgotten' }, t('signIn.forgotten'))
        : null,
      h('label', { htmlFor: SIGN_IN_IDS.serviceUrl }, t('signIn.serviceUrl')),
      h('input', {
        id: SIGN_IN_IDS.serviceUrl,
        type: 'url',
        name: 'serviceUrl',
        autoComplete: 'url',
        spellCheck: false,
        value: serviceUrl,
        // While the check runs, what it checks stays what the form shows.
        readOnly: pending,
        'aria-describedby': describedBy,
        required: true,
        'data-part': 'service-url',
      }),
      h('label', { htmlFor: SIGN_IN_IDS.token }, t('signIn.token')),
      h('input', {
        id: SIGN_IN_IDS.token,
        type: 'password',
        name: 'token',
        autoComplete: 'current-password',
        value: token,
        readOnly: pending,
        'aria-describedby': describedBy,
        required: true,
        'data-part': 'token',
      }),
      demoToken && token === demoToken
        ? h('p', { className: 'hint' }, t('signIn.demoToken'))
        : null,
      error ? h('p', { id: SIGN_IN_IDS.error, role: 'alert', className: 'alert' }, ...error) : null,
      retryInSeconds
        ? h('p', { role: 'status' }, t('signIn.retrying', { seconds: retryInSeconds }))
        : null,
      h(
        'button',
        // Not `disabled`: the focus stays on it while the check runs (retries may take a while).
        { type: 'submit', 'aria-disabled': pending },
        t(pending ? 'signIn.pending' : 'signIn.submit'),
      ),
    ),
  );
}
