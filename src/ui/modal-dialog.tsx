import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

interface ModalDialogProps {
  /** The dialog's heading, which also names it. */
  title: string;
  /** What takes the focus when it opens (a field, the Close button). */
  initialFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * The app's modal <dialog> (Keyboard shortcuts, Go to conversation): open while mounted, focus kept
 * inside; Esc closes it through `onClose`, and focus goes back where it was when it opened. It is
 * closed by unmounting, not through the dialog's own close event: that comes a task later, when a
 * re-mounted dialog (React's development double mount) would read it as a new close.
 */
export function ModalDialog({
  title,
  initialFocusRef,
  onClose,
  className = '',
  children,
}: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const returnTo = document.activeElement;
    dialog.showModal();
    initialFocusRef.current?.focus();
    return () => {
      dialog.close();
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, [initialFocusRef]);

  const shut = (event: { preventDefault: () => void }) => {
    // The app closes the dialog by unmounting it, focus handling included.
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`app-dialog ${className}`.trim()}
      aria-labelledby={titleId}
      onCancel={shut}
      onKeyDown={(event) => {
        if (event.key === 'Escape') shut(event);
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
