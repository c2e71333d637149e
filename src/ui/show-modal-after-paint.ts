/** Inputs that must not reach the page behind the dialog before it is made modal. */
const INPUTS = ['keydown', 'pointerdown', 'wheel'] as const;

/**
 * Opens `dialog` as a modal dialog in two steps, so the frame that answers the key or click draws
 * it at once: first it is shown in the top layer as a manual popover (the same box and backdrop),
 * then, once that frame has been painted, or at the next input if one comes first, it becomes the
 * modal dialog, the rest of the page inert. Making a page inert restyles all of it: at CPU 4× that
 * was a third of the `?` key's frame (docs/performance.md). Browsers without popovers get the
 * modal dialog at once. Returns the closing, whichever step the dialog is at.
 */
export function showModalAfterPaint(dialog: HTMLDialogElement): () => void {
  if (typeof dialog.showPopover !== 'function') {
    dialog.showModal();
    return () => dialog.close();
  }
  dialog.popover = 'manual';
  dialog.showPopover();
  let modal = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopWaiting = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    for (const type of INPUTS) removeEventListener(type, makeModal, true);
  };
  function makeModal() {
    if (modal) return;
    modal = true;
    stopWaiting();
    const focused = document.activeElement;
    // Leaving the popover state would hand the focus back to where it was before the dialog; it
    // is put back inside at once.
    dialog.hidePopover();
    dialog.removeAttribute('popover');
    dialog.showModal();
    if (focused instanceof HTMLElement && dialog.contains(focused)) focused.focus();
  }
  // A task queued from the frame's callbacks runs once that frame has been drawn.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(makeModal);
  });
  for (const type of INPUTS) addEventListener(type, makeModal, true);
  return () => {
    if (modal) {
      dialog.close();
      return;
    }
    stopWaiting();
    dialog.hidePopover();
    dialog.removeAttribute('popover');
  };
}
