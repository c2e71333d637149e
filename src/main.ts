import { MAX_PAGE_SIZE } from './api/conversations';
import { prefetchFirstPage } from './api/first-page-prefetch';
import { DEFAULT_TIMEOUT_MS } from './api/http';
import { loadConfig } from './lib/config';
import { readSession } from './lib/session-store';
import { parseStatusParams, STATUS_PARAM } from './lib/status-params';
import './ui/styles.css';

/*
 * A few kilobytes that run first: config.json and, for a signed-in agent, the
 * first page of conversations are requested while the UI code (preloaded by
 * index.html) is still downloading, so the first rows do not wait for React.
 */
const configLoaded = loadConfig();

const session = readSession();
if (session) {
  const { statusIds } = parseStatusParams(
    new URLSearchParams(window.location.search).getAll(STATUS_PARAM),
  );
  prefetchFirstPage(session, { statusIds, limit: MAX_PAGE_SIZE }, DEFAULT_TIMEOUT_MS);
}

void import('./app/start').then(({ start }) => start(configLoaded));
