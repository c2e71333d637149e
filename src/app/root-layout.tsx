import { lazy } from 'react';
import { useSessionContext } from '../lib/session-context';
import { InboxLayout } from './inbox-layout';
import { loadedPaneCode, loadPaneCode } from './pane-code';

const LazySignInForm = lazy(() =>
  loadPaneCode().then((module) => ({ default: module.SignInForm })),
);

/**
 * Signed out, any URL shows the sign-in form and keeps the URL, so a shared link opens after
 * signing in. The form's code comes with the rest of the code loaded after the first screen
 * (pane-code.ts): a signed-in start never needs it, and a signed-out one has it before React
 * takes over the form src/boot/ drew (start.tsx waits for it), so the takeover moves nothing.
 */
export function RootLayout() {
  const { session } = useSessionContext();
  if (session) return <InboxLayout />;
  const code = loadedPaneCode();
  return code ? <code.SignInForm /> : <LazySignInForm />;
}
