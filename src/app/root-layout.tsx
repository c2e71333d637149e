import { lazy, Suspense } from 'react';
import { useSessionContext } from '../lib/session-context';
import { InboxLayout } from './inbox-layout';

// Agents are usually signed in already (the token survives reloads), so the form loads on demand.
const SignInForm = lazy(() =>
  import('../features/auth').then((module) => ({ default: module.SignInForm })),
);

/** Signed out, any URL shows the sign-in form and keeps the URL, so a shared link opens after signing in. */
export function RootLayout() {
  const { session } = useSessionContext();
  if (session) return <InboxLayout />;
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <SignInForm />
    </Suspense>
  );
}
