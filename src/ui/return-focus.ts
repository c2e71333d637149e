/**
 * Gives the focus back to `target`, where it was before a dialog or panel opened, else to
 * `fallback`. An element the agent can no longer see cannot take it: a header action inside the
 * Menu once the window has narrowed below 720 px (the Menu is closed then). What opens that Menu
 * takes it instead, rather than the page's body, where Tab starts again from the top.
 */
export function returnFocus(target: Element | null, fallback?: HTMLElement | null): void {
  for (const candidate of [target, fallback]) {
    if (!(candidate instanceof HTMLElement) || !candidate.isConnected) continue;
    candidate.focus();
    if (document.activeElement === candidate) return;
    const popover = candidate.closest<HTMLElement>('[popover]');
    const opener = popover?.id
      ? document.querySelector<HTMLElement>(`[popovertarget="${CSS.escape(popover.id)}"]`)
      : null;
    opener?.focus();
    if (opener && document.activeElement === opener) return;
  }
}
