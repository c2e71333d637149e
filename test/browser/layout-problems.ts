/**
 * What is wrong with the layout right now, as readable lines (none: all is well):
 * - the document is wider or taller than the window (the list and the pane scroll inside it);
 * - a scroll container scrolls sideways;
 * - a visible control (button, link, input) lies, once scrolled into view, partly outside the
 *   window or is cut off by an ancestor that clips it.
 *
 * It runs in the page (Playwright's page.evaluate, or WebDriver's executeScript with its source),
 * so it uses nothing from outside its own body.
 */
export function layoutProblemsInPage(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const describe = (element: Element) => {
    const label =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    return `${element.tagName.toLowerCase()}${classes} "${label.trim().slice(0, 50)}"`;
  };
  const isHidden = (element: Element) =>
    !element.checkVisibility({ visibilityProperty: true }) ||
    element.closest('.visually-hidden') !== null;

  if (root.scrollWidth > root.clientWidth) {
    // Name the widest elements reaching past the window, as the cause.
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => !isHidden(element))
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map(describe);
    problems.push(
      `document scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} (${wide.join(', ')})`,
    );
  }

  // The app is a window-high shell whose list and pane scroll inside it: the page itself never
  // scrolls up and down (a second scrollbar beside the list's, where scrollbars take room).
  if (root.scrollHeight > root.clientHeight) {
    const escaping = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().bottom > root.clientHeight + 0.5)
      .filter((element) => getComputedStyle(element).position === 'absolute')
      .slice(0, 5)
      .map(describe);
    problems.push(
      `document scrolls up and down: ${root.scrollHeight} > ${root.clientHeight} (${escaping.join(', ')})`,
    );
  }

  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (isHidden(element)) continue;
    const { overflowX } = getComputedStyle(element);
    if (
      (overflowX === 'auto' || overflowX === 'scroll') &&
      element.scrollWidth > element.clientWidth
    ) {
      problems.push(
        `${describe(element)} scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`,
      );
    }
  }

  // Everything is measured in one task: the list's virtualizer cannot re-render in between.
  const controls = document.querySelectorAll<HTMLElement>(
    'button, a[href], input, select, textarea, summary, [role="button"], [role="link"]',
  );
  for (const control of controls) {
    if (isHidden(control)) continue;
    const before = control.getBoundingClientRect();
    if (before.width === 0 && before.height === 0) continue;
    control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = control.getBoundingClientRect();
    const width = root.clientWidth;
    const height = window.innerHeight;
    if (box.left < -0.5 || box.right > width + 0.5 || box.top < -0.5 || box.bottom > height + 0.5) {
      problems.push(
        `${describe(control)} outside the ${width}×${height} window: ` +
          `x ${Math.round(box.left)}..${Math.round(box.right)}, y ${Math.round(box.top)}..${Math.round(box.bottom)}`,
      );
      continue;
    }
    let inner: Element = control;
    for (
      let parent = control.parentElement;
      parent;
      inner = parent, parent = parent.parentElement
    ) {
      // A modal dialog is in the top layer: nothing it sits in clips it. Nor does anything
      // around a box placed by the window (position: fixed, as the downloads panel below 720 px).
      if (parent === document.body || parent.matches(':modal')) break;
      if (getComputedStyle(inner).position === 'fixed') break;
      // Nor does a box that is not there (display: contents, as the header's closed Menu).
      const { overflowX, display } = getComputedStyle(parent);
      if (overflowX === 'visible' || display === 'contents') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
        problems.push(`${describe(control)} cut off sideways by ${describe(parent)}`);
        break;
      }
    }
  }
  return problems;
}
