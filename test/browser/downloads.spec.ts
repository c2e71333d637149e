import type { Locator, Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../service-double/index';
import { expectedSha256, savedSha256, throttled } from './download-helpers';
import { expect, signIn, test, EVERY_ENGINE } from './fixtures';

/**
 * Downloads that outlive the pane: the agent clicks Download and moves on at once. Every test
 * here interrupts a running download (another conversation, Back, the panel, Sign out, a reload).
 */

const MiB = 1024 * 1024;

/**
 * A conversation with few messages and no attachments of its own (no previews to load), then
 * `others` conversations from the top of the list, whose rows are on screen to click.
 */
function conversationIds(service: RunningServiceDouble, others = 0): number[] {
  const all = service.state.dataset.list();
  const quiet = all.slice(4, 160).find((conversation) => {
    const messages = service.state.messagesOf(conversation.id) ?? [];
    return messages.length <= 20 && messages.every((message) => message.attachments.length === 0);
  });
  if (!quiet) throw new Error('No quiet conversation in the dataset');
  const top = all.slice(0, 6).filter((conversation) => conversation.id !== quiet.id);
  return [quiet.id, ...top.slice(0, others).map((conversation) => conversation.id)];
}

function pane(page: Page, id: number): Locator {
  return page.getByRole('complementary', { name: `Conversation #${id}` });
}

/** Opens another conversation the way an agent does: its row in the list. */
async function openRow(page: Page, id: number) {
  const row = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(`#${id}\\b`) });
  // The list draws the rows in view: below them, the agent scrolls down to it from the top.
  const scroller = page.getByTestId('conversation-scroller');
  for (let step = 0; (await row.count()) === 0; step += 1) {
    if (step > 40) throw new Error(`#${id} is not in the list`);
    await scroller.evaluate(
      (element, at) => element.scrollTo({ top: (at * element.clientHeight) / 2 }),
      step,
    );
    await page.waitForTimeout(50);
  }
  await row.click();
  await expect(pane(page, id)).toBeVisible();
}

function panel(page: Page) {
  return page.getByRole('region', { name: 'Downloads' });
}

async function openPanel(page: Page) {
  if (!(await panel(page).isVisible())) {
    await page.getByRole('button', { name: /^Downloads/ }).click();
  }
  await expect(panel(page)).toBeVisible();
  return panel(page);
}

/** The double's log of GETs of one attachment: whether each response was written to its end. */
function transfers(service: RunningServiceDouble, docId: string) {
  return service.state.requests
    .filter((entry) => entry.method === 'GET' && entry.path === `/attachments/${docId}/data`)
    .map((entry) => ({ completed: entry.completed === true, bytesSent: entry.bytesSent ?? 0 }));
}

test.describe('downloads outlive the pane', () => {
  test(
    'a slow 4 MiB download keeps going while the agent opens other conversations and goes Back, and ends with the exact bytes',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const slow = await throttled(service, 1 * MiB);
      try {
        const [first, second, third] = conversationIds(service, 2) as [number, number, number];
        const size = 4 * MiB + 11;
        const spec = service.state.addAttachment(first, {
          fileName: 'call-recording.bin',
          mimeType: 'application/octet-stream',
          size,
        });
        await signIn(page, slow, { path: `/conversations/${first}` });
        const saved = page.waitForEvent('download', { timeout: 30_000 });
        await pane(page, first)
          .getByRole('button', { name: 'Download call-recording.bin' })
          .click();
        await expect(page.getByRole('button', { name: 'Downloads, 1 running' })).toBeVisible();

        // The agent moves on at once: two other conversations, then Back.
        await openRow(page, second);
        await openRow(page, third);
        await page.goBack();
        await expect(pane(page, second)).toBeVisible();

        const download = await saved;
        expect(download.suggestedFilename()).toBe('call-recording.bin');
        expect(await savedSha256(download)).toBe(expectedSha256(spec.seed, size));
        // One GET, written by the double to its end: nothing was cut off.
        expect(transfers(service, spec.docId)).toEqual([{ completed: true, bytesSent: size }]);
        await expect(page.getByRole('button', { name: 'Downloads', exact: true })).toBeVisible();

        // Back on its conversation, the attachment shows that download's outcome.
        await openRow(page, first);
        await expect(
          pane(page, first)
            .getByRole('listitem')
            .filter({ hasText: 'call-recording.bin' })
            .getByRole('status'),
        ).toHaveText('Saved to your downloads (4 MB).');
      } finally {
        await slow.close();
      }
    },
  );

  test('a slow 80 MiB download, handed to the browser, keeps going while the agent opens other conversations and goes Back', async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 16 * MiB);
    try {
      const [first, second, third] = conversationIds(service, 2) as [number, number, number];
      const size = 80 * MiB + 3;
      const spec = service.state.addAttachment(first, {
        fileName: 'site-backup.bin',
        mimeType: 'application/octet-stream',
        size,
      });
      await signIn(page, slow, { path: `/conversations/${first}` });
      const started = page.waitForEvent('download', { timeout: 30_000 });
      await pane(page, first).getByRole('button', { name: 'Download site-backup.bin' }).click();
      const download = await started;

      await openRow(page, second);
      await openRow(page, third);
      await page.goBack();
      await expect(pane(page, second)).toBeVisible();
      const entry = (await openPanel(page)).getByRole('listitem', { name: 'site-backup.bin' });
      await expect(entry).toContainText("Downloading in your browser's downloads");
      // Not the page's to lose: no question on reload.
      await expect(page.getByRole('button', { name: 'Downloads', exact: true })).toBeVisible();

      expect(await savedSha256(download)).toBe(expectedSha256(spec.seed, size));
      // The page's probe, dropped after its headers, then the browser's own GET written to the end.
      const [probe, transfer] = transfers(service, spec.docId);
      expect(probe?.completed).toBe(false);
      expect(transfer).toEqual({ completed: true, bytesSent: size });
    } finally {
      await slow.close();
    }
  });

  test('Cancel in the panel closes the transfer within 2 s and saves nothing', async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 512 * 1024);
    try {
      const [first, second] = conversationIds(service, 1) as [number, number];
      const spec = service.state.addAttachment(first, {
        fileName: 'huge-log.bin',
        mimeType: 'application/octet-stream',
        size: 8 * MiB,
      });
      let saved = 0;
      page.on('download', () => (saved += 1));
      await signIn(page, slow, { path: `/conversations/${first}` });
      await pane(page, first).getByRole('button', { name: 'Download huge-log.bin' }).click();
      await openRow(page, second);

      const list = await openPanel(page);
      const entry = list.getByRole('listitem', { name: 'huge-log.bin' });
      await expect(
        entry.getByRole('progressbar', { name: 'Downloading huge-log.bin' }),
      ).toBeVisible();
      await expect(entry.getByRole('link', { name: `Conversation #${first}` })).toBeVisible();
      const sent = () => transfers(service, spec.docId)[0]?.bytesSent ?? 0;
      await entry.getByRole('button', { name: 'Cancel' }).click();
      await expect(entry.getByText('Download cancelled. Nothing was saved.')).toBeVisible();
      // Within 2 s the transfer has stopped: the double sends nothing more, and never finishes.
      await page.waitForTimeout(2_000);
      const last = sent();
      await page.waitForTimeout(1_000);
      expect(sent()).toBe(last);
      expect(transfers(service, spec.docId)).toEqual([{ completed: false, bytesSent: last }]);
      expect(last).toBeLessThan(8 * MiB);
      expect(saved).toBe(0);
      await expect(page.getByRole('button', { name: 'Downloads', exact: true })).toBeVisible();
    } finally {
      await slow.close();
    }
  });

  test('Retry in the panel after a failure saves the file', async ({ page, service }) => {
    const [first, second] = conversationIds(service, 1) as [number, number];
    const size = 2 * MiB + 5;
    const spec = service.state.addAttachment(first, {
      fileName: 'invoice.bin',
      mimeType: 'application/octet-stream',
      size,
    });
    await signIn(page, service, { path: `/conversations/${first}` });
    // The first attempt and its 3 automatic retries (Retry-After: 1) all fail.
    service.state.faults.enqueue(
      ...Array.from({ length: 4 }, () => ({ kind: '503' as const, on: 'attachments' as const })),
    );
    await pane(page, first).getByRole('button', { name: 'Download invoice.bin' }).click();
    await expect(pane(page, first).getByRole('alert')).toContainText('HTTP 503');
    await openRow(page, second);

    const entry = (await openPanel(page)).getByRole('listitem', { name: 'invoice.bin' });
    await expect(entry.getByRole('alert')).toContainText('HTTP 503');
    const saved = page.waitForEvent('download');
    await entry.getByRole('button', { name: 'Retry' }).click();
    expect(await savedSha256(await saved)).toBe(expectedSha256(spec.seed, size));
    await expect(entry).toContainText('Saved to your downloads (2 MB).');
  });

  test('Download all keeps going when the agent opens another conversation', async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 2 * MiB);
    try {
      const [first, second] = conversationIds(service, 1) as [number, number];
      const specs = ['a.bin', 'b.bin', 'c.bin'].map((name) =>
        service.state.addAttachment(first, {
          fileName: name,
          mimeType: 'application/octet-stream',
          size: 2 * MiB,
        }),
      );
      await signIn(page, slow, { path: `/conversations/${first}` });
      const saved = page.waitForEvent('download', { timeout: 30_000 });
      await pane(page, first).getByRole('button', { name: 'Download all attachments' }).click();
      await expect(
        pane(page, first).getByRole('progressbar', { name: 'Downloading all attachments' }),
      ).toBeVisible();
      await openRow(page, second);
      await pane(page, second).getByRole('link', { name: 'Close', exact: true }).click();

      const download = await saved;
      expect(download.suggestedFilename()).toBe(`conversation-${first}-attachments.zip`);
      expect(await download.failure()).toBeNull();
      const entry = (await openPanel(page)).getByRole('listitem', {
        name: `conversation-${first}-attachments.zip`,
      });
      await expect(entry).toContainText(
        `Saved conversation-${first}-attachments.zip to your downloads (3 files`,
      );
      for (const spec of specs) {
        expect(transfers(service, spec.docId)).toEqual([{ completed: true, bytesSent: 2 * MiB }]);
      }
    } finally {
      await slow.close();
    }
  });

  test('Sign out while a download runs asks first; agreeing signs out and cancels it', async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 512 * 1024);
    try {
      const [first] = conversationIds(service, 0) as [number];
      const spec = service.state.addAttachment(first, {
        fileName: 'slow.bin',
        mimeType: 'application/octet-stream',
        size: 8 * MiB,
      });
      await signIn(page, slow, { path: `/conversations/${first}` });
      await pane(page, first).getByRole('button', { name: 'Download slow.bin' }).click();
      await expect(page.getByRole('button', { name: 'Downloads, 1 running' })).toBeVisible();

      const questions: string[] = [];
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('button', { name: 'Downloads, 1 running' })).toBeVisible();
      expect(questions).toEqual(['Sign out and cancel the download still running?']);

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      const sent = () => transfers(service, spec.docId)[0]?.bytesSent ?? 0;
      const atSignOut = sent();
      await page.waitForTimeout(1_500);
      expect(sent() - atSignOut).toBeLessThan(1 * MiB);
      expect(transfers(service, spec.docId)[0]?.completed).toBe(false);
    } finally {
      await slow.close();
    }
  });

  test('reload asks first only while a download runs in the page', async ({ page, service }) => {
    const slow = await throttled(service, 1 * MiB);
    try {
      const [first] = conversationIds(service, 0) as [number];
      service.state.addAttachment(first, {
        fileName: 'report.bin',
        mimeType: 'application/octet-stream',
        size: 3 * MiB,
      });
      await signIn(page, slow, { path: `/conversations/${first}` });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.dismiss();
      });

      const saved = page.waitForEvent('download', { timeout: 30_000 });
      await pane(page, first).getByRole('button', { name: 'Download report.bin' }).click();
      await expect(page.getByRole('button', { name: 'Downloads, 1 running' })).toBeVisible();
      // Staying: the download goes on.
      await page.reload({ timeout: 2_000 }).catch(() => undefined);
      expect(dialogs).toEqual(['beforeunload']);
      expect(await (await saved).failure()).toBeNull();

      // Nothing running: no question, the page reloads.
      await expect(page.getByRole('button', { name: 'Downloads', exact: true })).toBeVisible();
      await page.reload();
      await expect(pane(page, first)).toBeVisible();
      expect(dialogs).toEqual(['beforeunload']);
    } finally {
      await slow.close();
    }
  });
});

test('the keyboard stays on the download: Download hands its focus to Cancel, Cancel back to Download', async ({
  page,
  service,
}) => {
  const slow = await throttled(service, 1 * MiB);
  try {
    const [id] = conversationIds(service) as [number];
    service.state.addAttachment(id, {
      fileName: 'long-call.bin',
      mimeType: 'application/octet-stream',
      size: 8 * MiB,
    });
    await signIn(page, slow, { path: `/conversations/${id}` });
    const item = pane(page, id).getByRole('listitem').filter({ hasText: 'long-call.bin' });
    await item.getByRole('button', { name: 'Download long-call.bin' }).focus();
    await page.keyboard.press('Enter');
    await expect(item.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(item.getByRole('button', { name: 'Download long-call.bin' })).toBeFocused();
    await expect(item.getByRole('status')).toContainText('Download cancelled.');
  } finally {
    await slow.close();
  }
});
