import { Suspense, useState, useSyncExternalStore, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../i18n/use-translation';
import { viewToReact } from '../../../ui/view-react';
import { useDownloadsContext } from '../manager/downloads-context';
import { downloadsButtonView } from '../markup';
import { returnFocus } from '../../../ui/return-focus';

interface DownloadsButtonProps {
  /**
   * The panel (panel/downloads-panel.tsx), lazy: app/ loads it with the pane's chunk, which has
   * its controls anyway; a chunk of its own would split the first load's chunks further.
   */
  panel: ComponentType<{ onClose: () => void }>;
}

/**
 * "Downloads" in the header, with the number running, opening the downloads panel. Its shortcut,
 * `d`, is declared with aria-keyshortcuts and pressed by the app's one key handler
 * (conversations/list-keys.ts). Closing the panel puts focus back where it was when the panel
 * opened: the button, or the row or pane where `d` was pressed.
 */
export function DownloadsButton({ panel: DownloadsPanel }: DownloadsButtonProps) {
  // The markup's words are written with `t`: drawn again when the language changes.
  useTranslation();
  // No count until the pane's code has created the manager: nothing can be running before.
  const { slot } = useDownloadsContext();
  const running = useSyncExternalStore(slot.subscribe, slot.running);
  const [open, setOpen] = useState(false);
  // The element in state, not a ref: the handlers below are handed to the markup's renderer.
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [focusedBeforeOpening, setFocusedBeforeOpening] = useState<Element | null>(null);

  const close = () => {
    // The panel gone first: opened from the header's Menu (below 720 px) it hides the menu, and
    // with it this button, which cannot take focus while hidden.
    flushSync(() => setOpen(false));
    const before = focusedBeforeOpening;
    // Opened with `d`, focus goes back where the agent was (a row, the pane), so that Enter acts
    // there and does not open the panel again. Opened with the button, or when that place is gone,
    // focus goes to the button.
    returnFocus(before === document.body ? null : before, button);
  };
  const toggle = () => {
    setFocusedBeforeOpening(document.activeElement);
    setOpen((was) => !was);
  };

  return viewToReact(downloadsButtonView(running, open), {
    parts: { button: { ref: setButton, onClick: toggle } },
    slots: {
      panel: open ? (
        <Suspense fallback={null}>
          <DownloadsPanel onClose={close} />
        </Suspense>
      ) : null,
    },
  });
}
