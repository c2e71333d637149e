import { SignInForm } from '../features/auth';
import { useSessionContext } from '../lib/session-context';
import { InboxLayout } from './inbox-layout';

/** Signed out, any URL shows the sign-in form and keeps the URL, so a shared link opens after signing in. */
export function RootLayout() {
  const { session } = useSessionContext();
  return session ? <InboxLayout /> : <SignInForm />;
}
