/** One hourly look at the page: heap after GC, DOM size, and every loaded row shown once. */
import type { CDPSession, Page } from 'playwright';
import { heapAfterGc, ROW_SELECTOR } from '../bench/browser';

export interface RowCheck {
  /** Rows in the DOM at that moment (the virtualized window). */
  rendered: number;
  /** Ids rendered more than once at that moment. */
  renderedDuplicates: number[];
  /** Rows seen while scrolling the whole loaded list, top to bottom. */
  swept: number;
  /** Ids seen at more than one position in the whole list. */
  sweptDuplicates: number[];
}

export interface PageFigures extends RowCheck {
  heapUsed: number;
  heapBacking: number;
  domElements: number;
}

interface SweepArgs {
  scrollerSelector: string;
  rowSelector: string;
}

/**
 * Runs in the page: notes the ids rendered now, then scrolls the list from the top to where it
 * ended when the sweep began (so the sweep does not chase pages it makes load), a viewport at a
 * time, recording each row's id and position (aria-posinset); then puts the scroll back.
 */
async function sweepRows({ scrollerSelector, rowSelector }: SweepArgs): Promise<RowCheck> {
  const scroller = document.querySelector<HTMLElement>(scrollerSelector);
  const dupes = (ids: number[]) =>
    [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))].sort((a, b) => a - b);
  const now = Array.from(document.querySelectorAll(rowSelector)).map((row) =>
    Number(row.getAttribute('data-conversation-id')),
  );
  if (!scroller) return { rendered: 0, renderedDuplicates: [], swept: 0, sweptDuplicates: [] };
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  const saved = scroller.scrollTop;
  const end = scroller.scrollHeight;
  const positions = new Map<number, Set<number>>();
  const collect = () => {
    for (const item of Array.from(scroller.querySelectorAll('li.conversation-item'))) {
      const row = item.querySelector(rowSelector.split(' ').at(-1)!);
      const id = Number(row?.getAttribute('data-conversation-id'));
      const position = Number(item.getAttribute('aria-posinset'));
      if (!row || !Number.isFinite(id)) continue;
      const seen = positions.get(id) ?? new Set<number>();
      seen.add(position);
      positions.set(id, seen);
    }
  };
  scroller.scrollTop = 0;
  for (let steps = 0; steps < 5000; steps++) {
    await frame();
    await frame();
    collect();
    if (scroller.scrollTop + scroller.clientHeight >= end - 1) break;
    scroller.scrollTop += Math.max(100, scroller.clientHeight * 0.8);
  }
  scroller.scrollTop = saved;
  await frame();
  const sweptDuplicates = [...positions]
    .filter(([, at]) => at.size > 1)
    .map(([id]) => id)
    .sort((a, b) => a - b);
  return {
    rendered: now.length,
    renderedDuplicates: dupes(now),
    swept: positions.size,
    sweptDuplicates,
  };
}

export async function checkRows(page: Page): Promise<RowCheck> {
  return page.evaluate(sweepRows, {
    scrollerSelector: '[data-testid="conversation-scroller"]',
    rowSelector: ROW_SELECTOR,
  });
}

export async function pageFigures(page: Page, cdp: CDPSession): Promise<PageFigures> {
  const rows = await checkRows(page);
  // Let work started by the sweep (a page joining at the end) settle before measuring.
  await page.waitForTimeout(500);
  const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const heap = await heapAfterGc(cdp);
  return { ...rows, heapUsed: heap.used, heapBacking: heap.backing, domElements };
}
