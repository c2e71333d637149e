import './shortcut-help-dialog.css';
import { useRef } from 'react';
import { ModalDialog } from '../../ui/modal-dialog';

const SHORTCUTS: [keys: string[], action: string][] = [
  [['j', '↓'], 'Select the next conversation (loads more at the end of the list)'],
  [['k', '↑'], 'Select the previous conversation'],
  [['Enter', 'o'], 'Open the selected conversation'],
  [['Esc'], 'Close the conversation and go back to the list'],
  [['g'], 'Go to a conversation by its number'],
  [['/'], 'Find in the loaded conversations (Esc in the field clears it)'],
  [['d'], 'Show or hide downloads'],
  [['?'], 'Show these shortcuts'],
];

/** In the attachment viewer (opened by an attachment's View button). */
const VIEWER_SHORTCUTS: [keys: string[], action: string][] = [
  [['←', '→'], 'Previous or next attachment of the conversation'],
  [['+', '−'], 'Zoom in or out (images and PDFs)'],
  [['0'], 'Fit the image, or the PDF to the width'],
  [['r'], 'Rotate the image'],
  [['Esc'], 'Close the viewer'],
];

function ShortcutList({ shortcuts }: { shortcuts: [keys: string[], action: string][] }) {
  return (
    <dl>
      {shortcuts.map(([keys, action]) => (
        <div key={action}>
          <dt>
            {keys.map((key, i) => (
              <span key={key}>
                {i > 0 ? ' or ' : null}
                <kbd>{key}</kbd>
              </span>
            ))}
          </dt>
          <dd>{action}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The help itself: a modal <dialog> (focus moves to Close and stays inside until it closes); Esc
 * or Close shut it and focus goes back where it was when it opened.
 */
export function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      open={open}
      title="Keyboard shortcuts"
      className="shortcut-help"
      initialFocusRef={closeRef}
      onClose={onClose}
    >
      <ShortcutList shortcuts={SHORTCUTS} />
      <h3>In the attachment viewer</h3>
      <ShortcutList shortcuts={VIEWER_SHORTCUTS} />
      <p className="hint">
        The arrow keys work while the list has focus. Shortcuts are off while you type in a field.
      </p>
      <button ref={closeRef} type="button" onClick={onClose}>
        Close
      </button>
    </ModalDialog>
  );
}
