import { useId, useLayoutEffect, useRef, type SyntheticEvent } from 'react';

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

/**
 * The help itself: a modal <dialog> (focus moves to Close and stays inside until it closes); Esc
 * or Close shut it and focus goes back where it was when it opened.
 */
export function ShortcutHelpDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const returnTo = document.activeElement;
    dialog.showModal();
    closeRef.current!.focus();
    return () => {
      // The dialog's own close event is not listened to: it comes a task later, when a
      // re-mounted dialog (React's development double mount) would read it as a new close.
      dialog.close();
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, []);

  const shut = (event: SyntheticEvent) => {
    // The app closes the dialog by unmounting it, focus handling included.
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="app-dialog shortcut-help"
      aria-labelledby={titleId}
      onCancel={shut}
      onKeyDown={(event) => {
        if (event.key === 'Escape') shut(event);
      }}
    >
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map(([keys, action]) => (
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
      <p className="hint">
        The arrow keys work while the list has focus. Shortcuts are off while you type in a field.
      </p>
      <button ref={closeRef} type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
