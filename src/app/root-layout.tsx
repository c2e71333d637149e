import { SignInForm } from '../features/auth';
import { LanguageSelect } from '../features/language-and-time';
import { useSessionContext } from '../lib/session-context';
import { InboxLayout } from './inbox-layout';

/**
 * Signed out, any URL shows the sign-in form and keeps the URL, so a shared link opens after
 * signing in. The form is part of the first screen (src/boot/ draws it before the app loads), so
 * it ships with the app rather than in a chunk of its own that the takeover would wait for.
 */
export function RootLayout() {
  const { session } = useSessionContext();
  return session ? <InboxLayout /> : <SignInForm LanguageSelect={LanguageSelect} />;
}
