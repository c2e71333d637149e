import { Component, type ReactNode } from 'react';

interface ErrorBoundaryState {
  failed: boolean;
}

/** Last line of defence: an unexpected render error shows a way back instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="route-error">
        <h1>Something went wrong</h1>
        <p role="alert">Threadline hit an unexpected problem while showing this view.</p>
        <a href="/">Back to the inbox</a>
      </main>
    );
  }
}
