import type { Page } from '@playwright/test';
import { SHOWCASE_RANKS } from '../../service-double/index';
import { registeredWorkers } from './download-helpers';
import { recordViolations, violations } from './csp-violations';
import { appStarted, conversationList, expect, signIn, test, EVERY_ENGINE } from './fixtures';

/**
 * index.html's CSP requires Trusted Types for scripts, with one policy (threadline-worker,
 * src/lib/trusted-types.ts) whose only sink is registering the download worker. A full session
 * must cause no violation at all, and the requirement must really be enforced.
 */

const MB = 1024 * 1024;
const LABELS = { open: 'Open', closed: 'Closed', pending: 'Pending' } as const;

async function saved(page: Page, click: () => Promise<void>) {
  const started = page.waitForEvent('download');
  await click();
  const download = await started;
  expect(await download.failure()).toBeNull();
  return download;
}

test(
  'a full session under Trusted Types: no violation, and script sinks refuse strings',
  { tag: EVERY_ENGINE },
  async ({ page, service, consoleErrors }) => {
    test.setTimeout(120_000);
    const gallery = service.state.dataset.list()[SHOWCASE_RANKS.gallery]!;
    service.state.addAttachment(gallery.id, {
      fileName: 'notes.bin',
      mimeType: 'application/octet-stream',
      size: 2 * MB,
    });
    service.state.addAttachment(gallery.id, {
      fileName: 'export.bin',
      mimeType: 'application/octet-stream',
      size: 60 * MB,
    });
    await recordViolations(page);

    // Sign in; the policy is the page's own.
    await signIn(page, service);
    const policy = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .first()
      .getAttribute('content');
    expect(policy).toContain(
      "require-trusted-types-for 'script'; trusted-types threadline-worker threadline-pdf-worker threadline-request-worker",
    );

    // A reload: the first page is drawn with plain DOM before React starts, then replaced.
    await page.reload();
    await expect(conversationList(page).getByRole('link').first()).toBeVisible();
    await appStarted(page);

    // Scroll the list a bit (the next page loads), then back to the top.
    const scroller = page.getByTestId('conversation-scroller');
    await scroller.evaluate((element) => element.scrollTo({ top: 4_000 }));
    await expect(conversationList(page).getByRole('link').first()).toBeVisible();
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));

    // Filter by the gallery conversation's status and open it from the filtered list.
    const label = LABELS[gallery.status];
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('checkbox', { name: label })
      .check();
    await expect(page).toHaveURL(new RegExp(`status=${gallery.status}`));
    await page.locator(`a[data-conversation-id="${gallery.id}"]`).click();
    const pane = page.getByRole('complementary', { name: `Conversation #${gallery.id}` });
    await expect(pane.getByRole('list', { name: 'Messages' })).toBeVisible();

    // An image preview, and the attachment viewer.
    const thumbnail = pane.getByRole('img', { name: 'screenshot.png' });
    await pane.getByRole('button', { name: 'View screenshot.png' }).scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await pane.getByRole('button', { name: 'View screenshot.png' }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toHaveAccessibleName('screenshot.png');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAccessibleName('photo.jpg');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    // The service worker, registered under the policy once the first screen was up.
    await expect
      .poll(() => registeredWorkers(page))
      .toEqual([new URL('/download-sw.js', page.url()).href]);
    // A small download (a Blob in the page) and a large one (through the worker).
    const small = await saved(page, () =>
      pane.getByRole('button', { name: 'Download notes.bin', exact: true }).click(),
    );
    expect(small.suggestedFilename()).toBe('notes.bin');
    const large = await saved(page, () =>
      pane.getByRole('button', { name: 'Download export.bin', exact: true }).click(),
    );
    expect(large.suggestedFilename()).toBe('export.bin');
    await expect(
      pane.getByRole('listitem').filter({ hasText: 'export.bin' }).getByRole('status'),
    ).toHaveText("Downloading in your browser's downloads; its progress and Cancel are there.");
    expect(await registeredWorkers(page)).toEqual([new URL('/download-sw.js', page.url()).href]);
    expect(await violations(page)).toEqual([]);

    // Download all: one zip (over 50 MB here, so it streams through the worker too).
    const zip = await saved(page, () =>
      pane.getByRole('button', { name: 'Download all attachments' }).click(),
    );
    expect(zip.suggestedFilename()).toBe(`conversation-${gallery.id}-attachments.zip`);

    // The shortcut help, then the downloads panel.
    await pane.getByRole('list', { name: 'Messages' }).click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await page.keyboard.press('d');
    const panel = page.getByRole('region', { name: 'Downloads' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('notes.bin');
    await expect(panel).toContainText('export.bin');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Sign out.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // Enforced: a string at a script sink throws, and no other policy (nor a second copy of the
    // app's) can be created.
    const refused = await page.evaluate(() => {
      const outcome = (attempt: () => unknown) => {
        try {
          attempt();
          return 'allowed';
        } catch (error) {
          return error instanceof Error ? error.name : 'thrown';
        }
      };
      const factory = (
        window as unknown as {
          trustedTypes: { createPolicy(name: string, rules: object): unknown };
        }
      ).trustedTypes;
      return {
        scriptSrc: outcome(() => {
          document.createElement('script').src = '/download-sw.js';
        }),
        innerHtml: outcome(() => {
          document.createElement('div').innerHTML = '<b>text</b>';
        }),
        otherPolicy: outcome(() => factory.createPolicy('other', {})),
        samePolicyAgain: outcome(() => factory.createPolicy('threadline-worker', {})),
      };
    });
    expect(refused).toEqual({
      scriptSrc: 'TypeError',
      innerHtml: 'TypeError',
      otherPolicy: 'TypeError',
      samePolicyAgain: 'TypeError',
    });
    const probes = await violations(page);
    expect(probes.map(({ directive }) => directive)).toEqual([
      'require-trusted-types-for',
      'require-trusted-types-for',
      'trusted-types',
      'trusted-types',
    ]);
    // Chromium logs each refusal above as a console error; those were made on purpose.
    expect(consoleErrors).toHaveLength(4);
    consoleErrors.splice(0, consoleErrors.length);
  },
);
