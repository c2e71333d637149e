import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useConfig } from '../../lib/config-context';
import { useSessionContext } from '../../lib/session-context';
import { askOpenTabs } from '../../lib/ask-open-tabs';

/** How long a new tab waits for an open tab to hand over its session before showing the form. */
const HANDOVER_WAIT_MS = 300;
import { normaliseServiceUrl } from './normalise-service-url';
import { signInErrorMessage, useSignIn } from './use-sign-in';

export function SignInForm() {
  const config = useConfig();
  const { endedBecause, lastServiceUrl, signIn: keepSession } = useSessionContext();
  // A tab whose session just ended does not ask: the other tabs signed out with it.
  const [askingTabs, setAskingTabs] = useState(endedBecause === null);
  const [serviceUrl, setServiceUrl] = useState(lastServiceUrl ?? config.serviceUrl);
  const [token, setToken] = useState(config.demoToken ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn();
  const urlId = useId();
  const tokenId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!askingTabs) return;
    let current = true;
    void askOpenTabs(HANDOVER_WAIT_MS).then((session) => {
      if (!current) return;
      if (session) keepSession(session);
      else setAskingTabs(false);
    });
    return () => {
      current = false;
    };
  }, [askingTabs, keepSession]);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = normaliseServiceUrl(serviceUrl);
    if (!url) {
      setFormError('Enter the service URL as a full http:// or https:// address.');
      return;
    }
    if (token.trim() === '') {
      setFormError('Enter your access token.');
      return;
    }
    setFormError(null);
    signIn.mutate({ serviceUrl: url, token: token.trim() });
  }

  const error = formError ?? (signIn.isError ? signInErrorMessage(signIn.error, serviceUrl) : null);

  if (askingTabs) {
    return (
      <main className="sign-in">
        <p role="status">Looking for a signed-in Threadline tab…</p>
      </main>
    );
  }

  return (
    <main className="sign-in">
      <form
        className="sign-in-card"
        onSubmit={handleSubmit}
        noValidate
        aria-labelledby="sign-in-title"
      >
        <h1 id="sign-in-title">Sign in to Threadline</h1>
        {endedBecause === 'expired' ? (
          <p role="alert" className="alert">
            Your session ended: the service no longer accepts your access token. Please sign in
            again.
          </p>
        ) : null}
        {endedBecause === 'signed-out' ? <p role="status">You are signed out.</p> : null}
        <label htmlFor={urlId}>Service URL</label>
        <input
          id={urlId}
          type="url"
          name="serviceUrl"
          autoComplete="url"
          spellCheck={false}
          value={serviceUrl}
          onChange={(event) => setServiceUrl(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          required
        />
        <label htmlFor={tokenId}>Access token</label>
        <input
          id={tokenId}
          type="password"
          name="token"
          autoComplete="current-password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          required
        />
        {config.demoToken && token === config.demoToken ? (
          <p className="hint">The demo service&apos;s token is filled in for you.</p>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
