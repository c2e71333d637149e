import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { SHOWCASE_RANKS, type RunningServiceDouble } from '../../service-double/index';
import { EVERY_ENGINE, expect, openConversation, test } from './fixtures';
import { layoutProblemsInPage } from './layout-problems';

const HOSTILE = '# Urgent <img src=x onerror=alert(1)> [x](javascript:alert(1)) &amp; `code`';

function longThread(service: RunningServiceDouble) {
  const id = service.state.dataset.list()[SHOWCASE_RANKS.longThread]!.id;
  const messages = service.state.messagesOf(id)!;
  return { id, first: messages[0]!, count: messages.length };
}

/** The thread's last message carries hostile text (the double's lines are all harmless). */
async function withHostileLastMessage(page: Page, id: number) {
  await page.route(new RegExp(`/conversations/${id}/messages`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { text?: string }[]; pagination?: unknown };
    const last = body.data?.at(-1);
    if (last && !body.pagination) last.text = HOSTILE;
    await route.fulfill({ response, json: body });
  });
}

/** Stands in for the print dialog: counts the calls, so the test can wait for one. */
async function stubPrint(page: Page) {
  await page.evaluate(() => {
    const calls = { count: 0 };
    Object.assign(window, { printCalls: calls });
    window.print = () => {
      calls.count += 1;
    };
  });
}

test(
  'exports a long thread to conversation-{id}.md: every message, the hostile text escaped',
  { tag: EVERY_ENGINE },
  async ({ page, service }) => {
    const thread = longThread(service);
    await withHostileLastMessage(page, thread.id);
    const pane = await openConversation(page, service, thread.id);
    await expect(pane.getByRole('button', { name: 'Load more messages' })).toBeVisible();

    const saved = page.waitForEvent('download');
    await pane.getByRole('button', { name: 'Export conversation' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`conversation-${thread.id}.md`);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith(`# Conversation #${thread.id}\n`)).toBe(true);
    expect(text).toContain(`## Messages (${thread.count} messages)`);
    expect(text).toContain(`### 1. ${thread.first.author.name} · `);
    expect(text).toContain(`### ${thread.count}. `);
    expect(text).toContain(
      String.raw`\# Urgent \<img src\=x onerror\=alert\(1\)\> \[x\]\(javascript\:alert\(1\)\) \&amp; \`code\``,
    );
    // Only escaped: no `<` without a backslash before it.
    expect(text).not.toMatch(/(?<!\\)</);
    await expect(
      pane.getByText(`Saved conversation-${thread.id}.md to your downloads.`),
    ).toBeVisible();
    // Every page was loaded for it, and the pane shows them too.
    await expect(pane.getByText(`All ${thread.count} messages shown.`)).toBeAttached();
  },
);

test('prints the whole thread: the pane alone, full width, nothing clipped', async ({
  page,
  service,
}) => {
  const thread = longThread(service);
  await withHostileLastMessage(page, thread.id);
  const pane = await openConversation(page, service, thread.id);
  await stubPrint(page);
  await pane.getByRole('button', { name: 'Print conversation' }).click();
  await page.waitForFunction(
    () => (window as unknown as { printCalls: { count: number } }).printCalls.count === 1,
  );
  const messages = pane.getByRole('list', { name: 'Messages' }).locator('> li');
  await expect(messages).toHaveCount(thread.count);

  // About an A4 sheet's width inside its margins, where the stacked layout's rules apply.
  await page.setViewportSize({ width: 700, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('region', { name: 'Conversation list' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  for (const name of ['Print conversation', 'Export conversation', 'Copy link']) {
    await expect(pane.getByRole('button', { name })).toBeHidden();
  }
  await expect(pane.getByRole('link', { name: 'Close' })).toBeHidden();
  await expect(pane.getByText(/Times are in the time zone/)).toBeVisible();
  await expect(messages.last()).toContainText(HOSTILE);

  const layout = await messages.last().evaluate((last) => {
    const box = last.getBoundingClientRect();
    const clippedBy = [];
    for (let node = last.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const outer = node.getBoundingClientRect();
      if (box.top < outer.top || box.bottom > outer.bottom || box.right > outer.right + 0.5)
        clippedBy.push(node.className || node.tagName);
    }
    const pane = last.closest('aside')!;
    return {
      clippedBy,
      paneWidth: pane.getBoundingClientRect().width,
      pageWidth: document.documentElement.clientWidth,
      documentHeight: document.documentElement.scrollHeight,
      bottom: box.bottom + window.scrollY,
      textOverflows: [...last.querySelectorAll('*')].some(
        (element) => element.scrollWidth > element.clientWidth + 1,
      ),
    };
  });
  expect(layout.clippedBy).toEqual([]);
  expect(layout.textOverflows).toBe(false);
  expect(layout.paneWidth).toBeGreaterThan(layout.pageWidth * 0.9);
  expect(layout.documentHeight).toBeGreaterThanOrEqual(layout.bottom);
});

test('at phone width (360 px) both buttons fit beside the others', async ({ page, service }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { id } = longThread(service);
  const pane = await openConversation(page, service, id);
  for (const name of ['Print conversation', 'Export conversation']) {
    await expect(pane.getByRole('button', { name })).toBeInViewport();
  }
  expect(await page.evaluate(layoutProblemsInPage)).toEqual([]);
});
