/**
 * Gives `element` the focus when the control that had it went with the view it was in (the
 * browser then leaves focus on the page, where Tab and a screen reader start again from the top).
 * Focus the agent has put elsewhere stays there.
 */
export function focusIfLost(element: HTMLElement | null | undefined): void {
  const active = document.activeElement;
  if (!element || (active && active !== document.body && active.isConnected)) return;
  // A heading or a message cannot take focus: -1 lets it, outside the tab order. A control (a
  // button, a link) keeps its place in that order.
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
}
