import './modal-dialog.css';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { showModalAfterPaint } from './show-modal-after-paint';
import { returnFocus } from './return-focus';

interface ModalDialogProps {
  /** Shown (the default); a dialog mounted closed opens without rendering anything new. */
  open?: boolean;
  /** The dialog's heading, which also names it. */
  title: string;
  /** What takes the focus when it opens (a field, the Close button). */
  initialFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * The app's modal <dialog> (Keyboard shortcuts, Go to conversation): open while mounted and `open`,
 * focus kept inside; Esc closes it through `onClose`, and focus goes back where it was when it
 * opened. It is closed by unmounting or by `open` turning false, not through the dialog's own close
 * event: that comes a task later, when a re-mounted dialog (React's development double mount) would
 * read it as a new close.
 */
export function ModalDialog({
  open = true,
  title,
  initialFocusRef,
  onClose,
  className = '',
  children,
}: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  const returnTo = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current!;
    returnTo.current = document.activeElement;
    const close = showModalAfterPaint(dialog);
    initialFocusRef.current?.focus();
    return close;
  }, [open, initialFocusRef]);
  // Focus goes back once React's commit is over: at its end React refocuses the element that had
  // focus before it if that is still in the page, as a dialog kept mounted closed is.
  useEffect(() => {
    if (!open) return;
    return () => {
      returnFocus(returnTo.current);
    };
  }, [open]);

  const shut = (event: { preventDefault: () => void }) => {
    // The app closes the dialog itself (unmounting it, or `open` turning false), focus included.
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
