import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../ui/error-boundary';
import { NotFound } from './not-found';
import { loadedPaneCode, loadPaneCode } from './pane-code';
import { RootLayout } from './root-layout';

// The pane and its download code are not needed to show the list: they load on their own.
const LazyConversationRoute = lazy(() =>
  loadPaneCode().then((module) => ({ default: module.ConversationRoute })),
);

/** The pane, drawn at once when its code is in the page (fetched when the list was idle). */
function ConversationRoute() {
  const code = loadedPaneCode();
  return code ? <code.ConversationRoute /> : <LazyConversationRoute />;
}

/**
 * Declarative routes: the data router's loaders and actions would cost ~16 KB
 * of gzip in the initial bundle and this app loads its data with React Query.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={null} />
          <Route
            path="conversations/:conversationId"
            element={
              <Suspense fallback={<PaneFallback />}>
                <ConversationRoute />
              </Suspense>
            }
          />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </ErrorBoundary>
  );
}

function PaneFallback() {
  return (
    <aside className="detail-pane" aria-busy="true" aria-label="Conversation">
      <p role="status">Opening the conversation…</p>
    </aside>
  );
}
