import '../ui/styles.css';
import { loadConfig } from '../lib/config';
import type { ServiceSession } from '../api/http';
import { readSession, readSignInToCheck, writeSession } from '../lib/session-store';
import { prepareTimeFormats } from '../i18n/format';
import { activateLanguage, startLanguage } from '../i18n/translate';
import { SOURCE_LANGUAGE } from '../i18n/languages';
import { startFirstPage } from './first-page';
import { paintInbox } from './first-paint';
import { paintSignIn } from './sign-in-paint';
import { createHandOver } from './hand-over';
import { uiLoader } from './load-ui';

/*
 * The entry: a few kilobytes that run first (see README.md here). config.json (preloaded by
 * index.html) and, for a signed-in agent, the list's first page are requested while the UI code
 * is still downloading; on the inbox the first rows are drawn the moment they arrive, and only
 * then does the UI code start, so starting React does not hold the rows back on a busy CPU.
 */

/** The UI code never waits longer than this for the first rows: a slow service gets the skeleton. */
const UI_WAITS_FOR_ROWS_MS = 300;

// <html lang dir> at once; a language other than English fetches its catalog alongside config.json
// and the first page, and nothing is drawn before it is here (a catalog that cannot be fetched
// leaves the app in English).
const languageReady = startLanguage()?.catch(() => activateLanguage(SOURCE_LANGUAGE));
// The app brings its places back itself (the list's, the pane's). Firefox would also put the drawn
// list's scroller back where it was before a reload, which the list takes for the agent's own
// scrolling, and the place was lost.
window.history.scrollRestoration = 'manual';
const config = loadConfig();
const root = document.getElementById('root')!;
const handOver = createHandOver();
const ui = uiLoader(root, config, handOver);
const startUi = languageReady ? () => void languageReady.then(() => ui.start()) : () => ui.start();
const session = readSession();
// A sign-in to another service, kept across the reload that lets the page connect there: the
// form is drawn with it being checked, and the app checks it when it takes over.
const signInToCheck = session ? null : readSignInToCheck();
const { search, pathname } = window.location;

const onInbox = pathname === '/';

/** The signed-in start: the first page at once, drawn on the inbox as soon as it arrives. */
function startSignedIn(session: ServiceSession) {
  const firstPage = startFirstPage(session, search, config);
  ui.prefetch();
  // The rows' date formats (tens of milliseconds on a slow CPU) are built while the first page
  // is on its way. In a task of their own: the language's catalog is asked for in a microtask of
  // this one, and built here they held that request back (by about 100 ms at CPU 4×, in Arabic).
  // Signed out, nothing needs them before the form.
  setTimeout(prepareTimeFormats);
  handOver.firstPage = firstPage;
  const rows = languageReady
    ? Promise.all([firstPage.request, languageReady]).then(([page]) => page)
    : firstPage.request;
  rows.then(
    (page) => {
      if (onInbox) {
        const { statusIds } = firstPage.params;
        const drawRestOfPage = paintInbox(
          root,
          { page, serviceUrl: session.serviceUrl, statusIds, search },
          handOver,
        );
        // Once the frame with the rows in view is on screen: the rest of the page's rows, or
        // evaluating the UI code, first would hold that frame back (about 100 ms at CPU 4×).
        afterNextPaint(() => {
          drawRestOfPage();
          startUi();
        });
      } else startUi();
    },
    // The list meets the failure when it takes the request over, and says so.
    startUi,
  );
  if (onInbox) setTimeout(startUi, UI_WAITS_FOR_ROWS_MS);
  else startUi();
}

/**
 * The signed-out start: another open tab may hand over its session (a link opened in a new tab).
 * An answer within a frame means no form at all; otherwise the form is drawn and a later answer
 * still signs this tab in (the app waits for the same ask). A sign-in the agent made before a
 * reload is not overruled by another tab's session: the form is drawn with it, being checked.
 */
async function startSignedOut(toCheck: ServiceSession | null) {
  if (!toCheck) {
    const asked = handOver.askOpenTabs();
    const answer = await Promise.race([asked, nextFrame().then(() => null)]);
    if (answer) {
      writeSession(answer);
      startSignedIn(answer);
      return;
    }
  }
  const loaded = await config.catch(() => undefined);
  await languageReady;
  // A config that cannot be read is the app's to report.
  if (loaded && !readSession()) paintSignIn(root, loaded, handOver, toCheck);
  // After the form, not alongside it: on a slow connection the UI code would share the
  // bandwidth with the form's own few kilobytes.
  startUi();
}

function nextFrame() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
}

/** A task queued from a frame's animation callback runs once that frame has been painted. */
function afterNextPaint(work: () => void) {
  requestAnimationFrame(() => setTimeout(work));
}

if (session) startSignedIn(session);
else void startSignedOut(signInToCheck);
