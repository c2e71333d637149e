import { Suspense, useState, type ComponentType } from 'react';
import { viewToReact } from '../../ui/view-react';
import { goToButtonView } from './markup';

interface GoToConversationProps {
  /**
   * The dialog (go-to-dialog.tsx), lazy: app/ loads it with the pane's chunk, fetched when the
   * list is idle. A chunk of its own split React out of the first load's chunk (+1.1 KiB gzip).
   */
  dialog: ComponentType<{ onClose: () => void }>;
}

/**
 * "Go to conversation" (key `g`) in the header and the dialog it opens. Closing the dialog puts
 * focus back where it was (the dialog itself does that).
 */
export function GoToConversation({ dialog: GoToDialog }: GoToConversationProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {viewToReact(goToButtonView(), { parts: { button: { onClick: () => setOpen(true) } } })}
      {open ? (
        <Suspense fallback={null}>
          <GoToDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
