import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

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
    return <Failed />;
  }
}

/** A function component, so the page follows a change of language like the rest. */
function Failed() {
  const { t } = useTranslation();
  return (
    <main className="route-error">
      <h1>{t('ui.failedTitle')}</h1>
      <p role="alert">{t('ui.failedText')}</p>
      <a href="/">{t('ui.backToInbox')}</a>
    </main>
  );
}
