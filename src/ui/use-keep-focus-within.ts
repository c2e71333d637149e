import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * For controls that replace themselves (Download becomes the progress with Cancel, then Download
 * again): when the control that had the focus leaves the page, the focus goes to the first button
 * left in the element given the returned ref instead of falling to the page, where a keyboard or
 * screen reader user would have to find the way back. A callback ref: the element may come later
 * than the component (Download all renders nothing until there are two attachments).
 */
export function useKeepFocusWithin(): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const inside = useRef(false);
  useEffect(() => {
    if (!element) return;
    const focusIn = () => {
      inside.current = true;
    };
    const focusOut = (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (to instanceof Node && element.contains(to)) return;
      const from = event.target;
      // A control removed while focused may report a blur: it still counts as focus kept here.
      queueMicrotask(() => {
        if (!(from instanceof Node) || from.isConnected) inside.current = false;
      });
    };
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, [element]);
  useLayoutEffect(() => {
    if (!inside.current || !element) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    element.querySelector<HTMLElement>('button:not(:disabled), a[href]')?.focus();
  });
  return setElement;
}
