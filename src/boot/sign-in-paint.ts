import { signInFormView } from '../features/auth/markup';
import { languageSelectView } from '../features/language-and-time/markup';
import { activeLanguage } from '../i18n/translate';
import type { ServiceSession } from '../api/http';
import type { AppConfig } from '../lib/config';
import { drawView } from '../ui/view';

interface SignInRecorder {
  rememberSignInForm: (form: HTMLFormElement, submitted: () => boolean) => void;
}

/**
 * The sign-in form drawn with plain DOM from the app's own markup (features/auth/markup.ts) while
 * the UI code loads: every agent meets it at the start of a shift, often on a slow connection.
 * The agent can type at once; what they typed, where the focus and the caret were, a press of
 * Sign in and the language picked are handed to the app, which replaces the form without losing
 * any of it. The language is chosen then, by the Language select's own code: switching here would
 * mean drawing the form again, bytes the start-up would carry for a moment's use. A sign-in to
 * check (made before a reload, lib/session-store.ts) is drawn as sent, and handed to the app to
 * check.
 */
export function paintSignIn(
  root: HTMLElement,
  config: AppConfig,
  recorder: SignInRecorder,
  toCheck: ServiceSession | null = null,
) {
  if (root.firstChild) return;
  let form: HTMLElement | undefined;
  const view = signInFormView({
    serviceUrl: toCheck?.serviceUrl ?? config.serviceUrl,
    token: toCheck?.token ?? config.demoToken ?? '',
    endedBecause: null,
    demoToken: config.demoToken,
    error: null,
    pending: toCheck !== null,
  });
  const language = drawView(languageSelectView(activeLanguage())) as HTMLSelectElement;
  root.append(
    drawView(view, {
      slots: { language },
      parts: (name, element) => name === 'form' && (form = element),
    })!,
  );
  if (!(form instanceof HTMLFormElement)) return;
  let submitted = toCheck !== null;
  form.addEventListener('submit', (event) => {
    // The app signs in when it takes over (moments away): nothing is sent from here.
    event.preventDefault();
    submitted = true;
  });
  recorder.rememberSignInForm(form, () => submitted);
}
