import { MAX_PAGE_SIZE } from './api/conversations';
import { prefetchFirstPage } from './api/first-page-prefetch';
import { DEFAULT_TIMEOUT_MS } from './api/http';
import { LOAD_FAILURE_ID, paintFirstRows, showLoadFailure } from './app/first-paint';
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

let ui: 'waiting' | 'loading' | 'failed' | 'running' = 'waiting';

/** Loads and starts the UI code; after a failure only the agent's Retry or `online` try again. */
function loadUi() {
  if (ui === 'loading' || ui === 'running') return;
  ui = 'loading';
  import('./app/start').then(
    ({ start }) => {
      ui = 'running';
      document.getElementById(LOAD_FAILURE_ID)?.remove();
      void start(root, configLoaded);
    },
    () => {
      // The connection dropped while the UI code was on its way: say so, keep whatever rows are
      // drawn, and try again when the connection returns or the agent asks.
      ui = 'failed';
      showLoadFailure(loadUi);
      window.addEventListener('online', loadUi, { once: true });
    },
  );
}

function startUi() {
  if (ui === 'waiting') loadUi();
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
