import { useImperativeHandle, useState, type ComponentType, type Ref } from 'react';
import { announce } from '../../ui/live-region';

export interface ShortcutHelpHandle {
  show: () => void;
}

type Dialog = ComponentType<{ onClose: () => void }>;

/**
 * Loads the help's dialog (shortcut-help-dialog.tsx): app/ takes it from the pane's lazy chunk,
 * fetched when the list is idle, so the first load does not carry it.
 */
export type LoadShortcutHelp = () => Promise<Dialog>;

interface ShortcutHelpProps {
  ref: Ref<ShortcutHelpHandle>;
  loadDialog: LoadShortcutHelp;
}

/**
 * Where the "Keyboard shortcuts" help opens, shown by the key handler through `ref`. Its own state,
 * so that opening it renders the dialog alone, not the list around it. A failed load (offline) is
 * announced, and the next `?` asks again.
 */
export function ShortcutHelp({ ref, loadDialog }: ShortcutHelpProps) {
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      show: () =>
        void loadDialog().then(
          (loaded) => setDialog(() => loaded),
          () => announce('Keyboard shortcuts could not be loaded: try again.'),
        ),
    }),
    [loadDialog],
  );
  return Dialog ? <Dialog onClose={() => setDialog(null)} /> : null;
}
