/** What the soak's agent does in the app, through the UI only. */
import type { Page } from 'playwright';
import type { ServiceState } from '../../service-double/index';
import { ROW_SELECTOR } from '../bench/browser';

const SCROLLER = '[data-testid="conversation-scroller"]';
const PANE = 'aside.detail-pane';
const STEP_TIMEOUT_MS = 30_000;

/** Ids of the rows inside the scroller's viewport, top to bottom. */
export function visibleRowIds(page: Page): Promise<number[]> {
  return page.evaluate(
    ({ scrollerSelector, rowSelector }) => {
      const scroller = document.querySelector(scrollerSelector);
      if (!scroller) return [];
      const view = scroller.getBoundingClientRect();
      return Array.from(document.querySelectorAll(rowSelector))
        .filter((row) => {
          const rect = row.getBoundingClientRect();
          return rect.top >= view.top && rect.bottom <= view.bottom && rect.height > 0;
        })
        .map((row) => Number(row.getAttribute('data-conversation-id')));
    },
    { scrollerSelector: SCROLLER, rowSelector: ROW_SELECTOR },
  );
}

/** Waits for the list to show rows (or to say that none match) after a load or a filter change. */
export async function waitForList(page: Page): Promise<void> {
  await page.waitForFunction(
    ({ scrollerSelector, rowSelector }) =>
      // React marks what it renders: the first screen drawn before it started has been replaced.
      Object.keys(document.querySelector('#root > *') ?? {}).some((key) =>
        key.startsWith('__reactFiber$'),
      ) &&
      document.querySelector(scrollerSelector) !== null &&
      (document.querySelector(rowSelector) !== null ||
        document.querySelector('.empty-state') !== null),
    { scrollerSelector: SCROLLER, rowSelector: ROW_SELECTOR },
    { timeout: STEP_TIMEOUT_MS },
  );
}

/** Scrolls the list by `viewports` (negative: up); 'top' goes back to the first row. */
export async function scrollList(page: Page, by: number | 'top'): Promise<void> {
  await page.evaluate(
    ({ scrollerSelector, by }) => {
      const scroller = document.querySelector<HTMLElement>(scrollerSelector);
      if (!scroller) return;
      scroller.scrollTop = by === 'top' ? 0 : scroller.scrollTop + by * scroller.clientHeight;
    },
    { scrollerSelector: SCROLLER, by },
  );
  // Let the virtualizer render the new window (and a page join if one was due).
  await page.waitForTimeout(150);
}

/** Clicks "Show N new or updated" if it is there; returns N (0 when there was no banner). */
export async function showFresh(page: Page): Promise<number> {
  const banner = page.locator('button.fresh-banner');
  if (!(await banner.isVisible())) return 0;
  const text = (await banner.textContent({ timeout: 1000 }).catch(() => null)) ?? '';
  const count = Number(/Show (\d+)/.exec(text)?.[1] ?? 0);
  try {
    await banner.click({ timeout: 2000 });
  } catch {
    return 0; // It went away between the look and the click (e.g. a filter change).
  }
  return count;
}

export type StatusLabel = 'Open' | 'Closed' | 'Pending';

export async function toggleStatus(page: Page, label: StatusLabel): Promise<void> {
  const before = page.url();
  await page.getByRole('checkbox', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.href !== before, { timeout: STEP_TIMEOUT_MS });
  await waitForList(page);
}

export async function openConversation(page: Page, id: number): Promise<void> {
  await page.locator(`${ROW_SELECTOR}[data-conversation-id="${id}"]`).click();
  const pane = page.locator(PANE);
  await pane
    .locator('h2', { hasText: `Conversation #${id}` })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.waitForFunction(
    (paneSelector) => {
      const el = document.querySelector(paneSelector);
      return el !== null && !el.textContent?.includes('Loading messages…');
    },
    PANE,
    { timeout: STEP_TIMEOUT_MS },
  );
}

/** Closes the pane with its Close link or with Esc; returns false if Esc did not close it. */
export async function closeConversation(page: Page, how: 'close' | 'escape'): Promise<boolean> {
  const pane = page.locator(PANE);
  if (how === 'escape') {
    await page.keyboard.press('Escape');
    try {
      await pane.waitFor({ state: 'detached', timeout: 3000 });
      return true;
    } catch {
      // Fall through to the Close link and report it.
    }
  }
  await pane.getByRole('link', { name: 'Close', exact: true }).click();
  await pane.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  return how === 'close';
}

export interface SavedDownload {
  name: string;
  bytes: number;
  ms: number;
}

/** Clicks a download button in the pane and waits until the browser has saved the file. */
export async function downloadFromPane(page: Page, buttonName: string): Promise<SavedDownload> {
  const started = Date.now();
  const saved = page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS });
  await page
    .locator(PANE)
    .getByRole('button', { name: buttonName, exact: true })
    .click({ timeout: STEP_TIMEOUT_MS });
  const download = await saved;
  const file = await download.path();
  const failure = await download.failure();
  if (failure) throw new Error(`${buttonName} failed: ${failure}`);
  const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
  await download.delete();
  return { name: download.suggestedFilename(), bytes: size, ms: Date.now() - started };
}

/**
 * A conversation to download from: not opened yet (its messages are not cached, so an attachment
 * added now is seen), short (every message on the pane's first page) and without large files of
 * its own (Download all stays quick).
 */
export function isDownloadCandidate(
  state: ServiceState,
  id: number,
  opened: ReadonlySet<number>,
): boolean {
  if (opened.has(id)) return false;
  const messages = state.messagesOf(id);
  if (!messages || messages.length > 20) return false;
  const bytes = messages.reduce(
    (sum, message) => sum + message.attachments.reduce((s, a) => s + a.size, 0),
    0,
  );
  return bytes <= 2 * 1024 * 1024;
}
