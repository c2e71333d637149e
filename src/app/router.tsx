import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useTranslation } from '../i18n/use-translation';
import { BackToConversations } from '../ui/back-to-conversations';
import { ErrorAlert } from '../ui/error-alert';
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
 * The routes as objects, rendered by `useRoutes`: the data router's loaders and actions would
 * cost ~16 KB of gzip in the initial bundle and this app loads its data with React Query.
 */
const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: null },
      {
        path: 'conversations/:conversationId',
        element: (
          <PaneErrors>
            <Suspense fallback={<PaneFallback />}>
              <ConversationRoute />
            </Suspense>
          </PaneErrors>
        ),
      },
    ],
  },
  { path: '*', element: <NotFound /> },
];

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <MatchedRoute />
    </ErrorBoundary>
  );
}

/** Inside the boundary, so that what rendering a route throws is caught there. */
function MatchedRoute() {
  return useRoutes(routes);
}

/** The list with its filters, from a pane that stands in for the conversation's. */
function useCloseHref() {
  return `/${useLocation().search}`;
}

function PaneFallback() {
  const { t } = useTranslation();
  return (
    <aside className="detail-pane" aria-busy="true" aria-label={t('app.paneLabel')}>
      <BackToConversations to={useCloseHref()} />
      <p role="status">{t('app.paneOpening')}</p>
    </aside>
  );
}

interface PaneBoundaryProps {
  /** Where the pane is: an error belongs to the conversation it happened in. */
  pathname: string;
  children: ReactNode;
}

interface PaneBoundaryState {
  error: unknown;
  /** The pathname the error happened at. */
  at: string;
}

/**
 * A pane that cannot be shown (its code did not arrive, say, offline) says so in the pane's
 * place, with Retry; the list and everything else stay as they were. Another conversation opened
 * starts afresh.
 */
function PaneErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PaneBoundary pathname={pathname}>{children}</PaneBoundary>;
}

class PaneBoundary extends Component<PaneBoundaryProps, PaneBoundaryState> {
  override state: PaneBoundaryState = { error: null, at: '' };

  static getDerivedStateFromError(error: unknown): Partial<PaneBoundaryState> {
    return { error };
  }

  // Not a key on the boundary: that would mount the pane afresh for every conversation opened.
  static getDerivedStateFromProps(
    { pathname }: PaneBoundaryProps,
    state: PaneBoundaryState,
  ): Partial<PaneBoundaryState> | null {
    if (state.error === null) return state.at === pathname ? null : { at: pathname };
    return state.at === pathname ? null : { error: null, at: pathname };
  }

  private readonly retry = () => {
    // The code is asked for again (a failed import is forgotten); then the pane is drawn again.
    loadPaneCode().then(
      () => this.setState({ error: null }),
      (error: unknown) => this.setState({ error }),
    );
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return <PaneFailed error={this.state.error} onRetry={this.retry} />;
  }
}

/** A function component, so the pane's failure follows a change of language like the rest. */
function PaneFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <aside className="detail-pane" aria-label={t('app.paneLabel')}>
      <BackToConversations to={useCloseHref()} />
      <ErrorAlert title={t('app.paneFailed')} error={error} onRetry={onRetry} />
    </aside>
  );
}
