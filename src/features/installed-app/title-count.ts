/**
 * The count of new or updated conversations as the list publishes it: in the tab's title,
 * "(3) Threadline" (features/conversations/use-fresh-title.ts). The title is the one place the
 * list puts it, so the app badge and the favicon, which mirror it, always agree with it, and the
 * list's code (part of the first load) knows nothing of them.
 * test/components/app-badge.test.tsx checks this reads what the list writes.
 */
export function countInTitle(title: string): number {
  const match = /^\((\d+)\)\s/.exec(title);
  return match ? Number(match[1]) : 0;
}

/**
 * Calls `onChange` now and whenever the title may have changed (the title element is replaced
 * or its text set, anywhere in <head>). Returns a function that stops watching.
 */
export function watchTitle(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.head, { childList: true, characterData: true, subtree: true });
  onChange();
  return () => observer.disconnect();
}
