import { useEffect, useState, type ComponentType, type SubmitEvent } from 'react';
import { ApiError } from '../../api/errors';
import { type MessageId } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { useConfig } from '../../lib/config-context';
import { useHandOver } from '../../lib/hand-over';
import { forgetMarks } from '../../lib/seen-marks';
import { useSessionContext } from '../../lib/session-context';
import { viewToReact } from '../../ui/view-react';
import { signInFormView } from './markup';
import { normaliseServiceUrl } from '../../lib/service-address';
import { signInErrorMessage, useSignIn } from './use-sign-in';

interface SignInFormProps {
  /** The Language select (composed in app/), given what was chosen on the form drawn earlier. */
  LanguageSelect: ComponentType<{ chosenEarly?: string | undefined }>;
}

export function SignInForm({ LanguageSelect }: SignInFormProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const handOver = useHandOver();
  const { endedBecause, lastServiceUrl, signIn: keepSession } = useSessionContext();
  // What the agent typed into the form drawn before the app started (src/boot/), if anything.
  const [typed] = useState(handOver.typedSignIn);
  const [serviceUrl, setServiceUrl] = useState(
    typed?.serviceUrl ?? lastServiceUrl ?? config.serviceUrl,
  );
  // The demo service's token belongs to the demo service: not offered for another one.
  const [token, setToken] = useState(
    typed?.token ?? (serviceUrl === config.serviceUrl ? config.demoToken : undefined) ?? '',
  );
  // A message, written when drawn: the form follows a change of language.
  const [formError, setFormError] = useState<MessageId | null>(null);
  const [forgotten, setForgotten] = useState(false);
  const signIn = useSignIn();
  // The element in state, not a ref: the handlers below are handed to the markup's renderer.
  const [form, setForm] = useState<HTMLFormElement | null>(null);

  // A new tab is signed in by an open tab when one answers (the ask started with the page); the
  // form is there meanwhile. A tab whose session just ended does not ask: the others ended too.
  // Nor does one whose agent already pressed Sign in: their choice of service stands.
  const alreadySubmitted = typed?.submitted ?? false;
  useEffect(() => {
    if (endedBecause !== null || alreadySubmitted) return;
    let current = true;
    void handOver.askOpenTabs().then((session) => {
      if (current && session) keepSession(session);
    });
    return () => {
      current = false;
    };
  }, [endedBecause, alreadySubmitted, handOver, keepSession]);

  // The agent was typing, or had already pressed Sign in, before the app took over.
  useEffect(() => {
    if (!typed || !form) return;
    const field = typed.focus && (form.elements.namedItem(typed.focus) as HTMLInputElement);
    if (field) {
      field.focus();
      // The new field's caret is at the end of its value: the agent's selection is put back, so
      // a paste or a key meant for it does not land after the prefilled URL.
      if (typed.selection) field.setSelectionRange(...typed.selection);
    }
    // Pressed with its button, as the agent did (the event's submitter is then that button), which
    // keeps the focus while the check runs, after a reload to the service's origin too.
    if (typed.submitted) {
      const button = form.querySelector<HTMLElement>('[type="submit"]')!;
      if (!typed.focus) button.focus();
      form.requestSubmit(button);
    }
  }, [typed, form]);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.pending) return;
    const url = normaliseServiceUrl(serviceUrl);
    if (!url) {
      setFormError('signIn.badUrl');
      return;
    }
    if (token.trim() === '') {
      setFormError('signIn.noToken');
      return;
    }
    setFormError(null);
    signIn.check({ serviceUrl: url, token: token.trim() });
  }

  // The field to put right takes the focus.
  const fieldToFix: 'serviceUrl' | 'token' | null =
    formError === 'signIn.badUrl'
      ? 'serviceUrl'
      : formError === 'signIn.noToken'
        ? 'token'
        : signIn.failure
          ? signIn.failure.error instanceof ApiError && signIn.failure.error.isUnauthorized
            ? 'token'
            : 'serviceUrl'
          : null;
  const failure = formError ?? signIn.failure;
  useEffect(() => {
    if (!form || !fieldToFix || !failure) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.getAttribute('type') !== 'submit') return;
    (form.elements.namedItem(fieldToFix) as HTMLInputElement).focus();
  }, [form, fieldToFix, failure]);

  const error = formError
    ? [t(formError)]
    : signIn.failure
      ? signInErrorMessage(signIn.failure.error, serviceUrl)
      : null;

  return viewToReact(
    signInFormView({
      serviceUrl,
      token,
      endedBecause,
      demoToken: config.demoToken,
      error,
      pending: signIn.pending,
      retryInSeconds: signIn.retryInSeconds,
      // Every session remembers what was opened in it (lib/seen-marks.ts): offered after each.
      forget:
        endedBecause === 'signed-out' && lastServiceUrl
          ? forgotten
            ? 'done'
            : 'offer'
          : undefined,
    }),
    {
      slots: { language: <LanguageSelect chosenEarly={typed?.language} /> },
      parts: {
        forget: {
          onClick: () => {
            if (lastServiceUrl) forgetMarks(lastServiceUrl);
            setForgotten(true);
          },
        },
        // The button is gone: focus goes to what replaced it rather than to the page.
        forgotten: { ref: (element: HTMLElement | null) => element?.focus() },
        form: { ref: setForm, onSubmit: handleSubmit },
        'service-url': {
          onChange: (event: { target: HTMLInputElement }) => setServiceUrl(event.target.value),
        },
        token: { onChange: (event: { target: HTMLInputElement }) => setToken(event.target.value) },
      },
    },
  );
}
