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

  // A placeholder is cut without an ellipsis, and the finder's is its only hint at what it reads.
  const measure = document.createElement('canvas').getContext('2d')!;
  for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
    if (isHidden(field) || field.value !== '') continue;
    const style = getComputedStyle(field);
    measure.font = style.font;
    const room =
      field.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
    const needed = measure.measureText(field.placeholder).width;
    if (needed > room + 1) {
      problems.push(`${describe(field)} cuts its placeholder: ${Math.ceil(needed)} > ${room} px`);
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

/**
 * How the words of `element` are laid out, as readable lines (none: they read as a sentence): a
 * word broken over two lines, two words on one line with no space between them, or a word lying
 * outside the element's box. Words hidden for screen readers only are left out.
 */
export function brokenSentenceInPage(element: Element): string[] {
  const problems: string[] = [];
  const box = element.getBoundingClientRect();
  const words: { word: string; rects: DOMRect[] }[] = [];
  const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (node.parentElement?.closest('.visually-hidden')) continue;
    for (const match of (node as Text).data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      words.push({ word: match[0], rects: [...range.getClientRects()].filter((r) => r.width > 0) });
    }
  }
  words.forEach(({ word, rects }, index) => {
    if (rects.length !== 1) problems.push(`"${word}" is broken over ${rects.length} lines`);
    for (const rect of rects) {
      if (rect.top < box.top - 1 || rect.bottom > box.bottom + 1)
        problems.push(`"${word}" lies outside its box`);
    }
    const before = words[index - 1];
    const [a, b] = [before?.rects[0], rects[0]];
    // Either side: right to left, the next word is on the left.
    if (
      before &&
      a &&
      b &&
      Math.abs(a.top - b.top) < 1 &&
      Math.max(b.left - a.right, a.left - b.right) < 1
    )
      problems.push(`"${before.word}" and "${word}" run together`);
  });
  return problems;
}
