import { useState, type ComponentType } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { unlessMovedOn } from '../../lib/unless-moved-on';
import { announce } from '../../ui/live-region';
import { viewToReact } from '../../ui/view-react';
import { goToButtonView } from './markup';

type Dialog = ComponentType<{ onClose: () => void }>;

interface GoToConversationProps {
  /**
   * Loads the dialog (go-to-dialog.tsx): app/ takes it from the pane's chunk, fetched when the list
   * is idle. A chunk of its own split React out of the first load's chunk (+1.1 KiB gzip).
   */
  loadDialog: () => Promise<Dialog>;
}

/**
 * "Go to conversation" (key `g`) in the header and the dialog it opens. Not React.lazy: a failed
 * import (offline) would reach the app's error boundary and replace the whole inbox; here it is
 * announced, and the next press asks again. Closing the dialog puts focus back where it was (the
 * dialog itself does that).
 */
export function GoToConversation({ loadDialog }: GoToConversationProps) {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const open = () =>
    unlessMovedOn(loadDialog()).then(
      (loaded) => loaded && setDialog(() => loaded),
      () => announce(t('goTo.loadFailed')),
    );
  return (
    <>
      {viewToReact(goToButtonView(), { parts: { button: { onClick: open } } })}
      {Dialog ? <Dialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
