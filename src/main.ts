import { MAX_PAGE_SIZE } from './api/conversations';
import { prefetchFirstPage } from './api/first-page-prefetch';
import { DEFAULT_TIMEOUT_MS } from './api/http';
import { paintFirstRows } from './app/first-paint';
import { loadConfig } from './lib/config';
import { readSession } from './lib/session-store';
import { prepareTimeFormats } from './lib/time';
import { parseStatusParams, STATUS_PARAM } from './lib/status-params';
import './ui/styles.css';

/*
 * A few kilobytes that run first: config.json and, for a signed-in agent, the
 * first page of conversations are requested while the UI code (preloaded by
 * index.html) is still downloading. On the inbox the first rows are drawn the
 * moment they arrive (app/first-paint.ts), and only then does the UI code
 * start, so starting React does not hold the rows back on a busy CPU.
 */

/** The UI code never waits longer than this for the first rows: a slow service gets the skeleton. */
const UI_WAITS_FOR_ROWS_MS = 300;

const configLoaded = loadConfig();
const root = document.getElementById('root')!;

let uiStarted = false;
function startUi() {
  if (uiStarted) return;
  uiStarted = true;
  void import('./app/start').then(({ start }) => start(root, configLoaded));
}

const session = readSession();
const { search, pathname } = window.location;
const onInbox = pathname === '/';
if (session) {
  const { statusIds } = parseStatusParams(new URLSearchParams(search).getAll(STATUS_PARAM));
  const firstPage = prefetchFirstPage(
    session,
    { statusIds, limit: MAX_PAGE_SIZE },
    DEFAULT_TIMEOUT_MS,
    (page) => {
      if (onInbox)
        paintFirstRows(root, { page, serviceUrl: session.serviceUrl, statusIds, search });
    },
  );
  if (onInbox) {
    firstPage.then(startUi, startUi);
    setTimeout(startUi, UI_WAITS_FOR_ROWS_MS);
  }
}
if (!session || !onInbox) startUi();
prepareTimeFormats();
