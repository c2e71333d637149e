import {
  memo,
  useEffect,
  useImperativeHandle,
  useState,
  type ComponentType,
  type Ref,
} from 'react';
import { whenIdle } from '../../lib/when-idle';
import { useTranslation } from '../../i18n/use-translation';
import { unlessMovedOn } from '../../lib/unless-moved-on';
import { announce } from '../../ui/live-region';

export interface ShortcutHelpHandle {
  show: () => void;
}

type Dialog = ComponentType<{ open: boolean; onClose: () => void }>;

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
 * so that opening it renders the dialog alone, not the list around it. The dialog is mounted closed
 * once its code is in (fetched when the list is idle), so `?` only opens it: its first render and
 * the compiling of its code were a third of the key's frame at CPU 4×. A failed load (offline) is
 * announced, and the next `?` asks again. Memoised: the list around it renders for every key
 * and every page that lands, and the closed dialog rendered with it (about 45 ms of a scroll to
 * 10,000 conversations at CPU 4×, docs/performance.md).
 */
export const ShortcutHelp = memo(({ ref, loadDialog }: ShortcutHelpProps) => {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      whenIdle(
        () =>
          void loadDialog().then(
            (loaded) => setDialog(() => loaded),
            () => undefined,
          ),
      ),
    [loadDialog],
  );
  useImperativeHandle(
    ref,
    () => ({
      show: () => {
        const loading = loadDialog();
        void unlessMovedOn(loading).then(
          (loaded) => loaded && setOpen(true),
          () => announce(t('list.helpFailed')),
        );
        // Mounted closed either way: the next ? only opens it.
        void loading.then(
          (loaded) => setDialog(() => loaded),
          () => undefined,
        );
      },
    }),
    [loadDialog, t],
  );
  return Dialog ? <Dialog open={open} onClose={() => setOpen(false)} /> : null;
});
