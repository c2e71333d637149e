import { useEffect, useState } from 'react';
import { SignInForm } from '../features/auth';
import { LanguageSelect } from '../features/language-and-time';
import { useSessionContext } from '../lib/session-context';
import { focusIfLost } from '../ui/focus-if-lost';
import { InboxLayout } from './inbox-layout';

/**
 * Signed out, any URL shows the sign-in form and keeps the URL, so a shared link opens after
 * signing in. The form is part of the first screen (src/boot/ draws it before the app loads), so
 * it ships with the app rather than in a chunk of its own that the takeover would wait for.
 */
export function RootLayout() {
  const { session, endedBecause } = useSessionContext();
  // The session the page opened with: the view it shows is where the page starts, and the focus
  // stays on the page as a browser leaves it.
  const [opened] = useState(session);
  // One view replaced the other (sign-in, sign-out, another tab's session, an expiry): the control
  // in use went with the old one, so the new view's heading (its one <h1>) takes the focus. A
  // conversation kept in the URL through signing in opens too, and its pane takes it from there.
  useEffect(() => {
    if (session ? session !== opened : endedBecause) {
      focusIfLost(document.querySelector<HTMLElement>('main h1'));
    }
  }, [session, opened, endedBecause]);
  return session ? <InboxLayout /> : <SignInForm LanguageSelect={LanguageSelect} />;
}
