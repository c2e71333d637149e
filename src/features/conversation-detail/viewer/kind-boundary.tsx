import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ViewNote } from './kinds/view-note';

/** The note itself: a function component, so it can follow the language. */
function NotShown() {
  const { t } = useTranslation();
  return <ViewNote>{t('viewer.notShown')}</ViewNote>;
}

interface KindBoundaryState {
  failed: boolean;
}

/**
 * A view that throws (its code did not load, a library failed on a hostile file) says so in the
 * viewer instead of taking the pane down; Download still saves the file.
 */
export class KindBoundary extends Component<{ children: ReactNode }, KindBoundaryState> {
  override state: KindBoundaryState = { failed: false };

  static getDerivedStateFromError(): KindBoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <NotShown />;
  }
}
