import type { Locator } from '@playwright/test';
import {
  SCRIPT_MARKER,
  SHOWCASE_RANKS,
  type RunningServiceDouble,
} from '../../service-double/index';
import { foreignServer, quietConversationId } from './download-helpers';
import { expect, openConversation, test } from './fixtures';

const RASTERS = ['screenshot.png', 'photo.jpg', 'animation.gif', 'product.webp'] as const;

function conversationAt(service: RunningServiceDouble, rank: number): number {
  return service.state.dataset.list()[rank]!.id;
}

/** A conversation past the showcase ones whose messages fit on one page but not on one screen. */
function longishConversationId(service: RunningServiceDouble): number {
  const found = service.state.dataset
    .list()
    .slice(4, 120)
    .find((conversation) => {
      const count = service.state.messagesOf(conversation.id)?.length ?? 0;
      return count >= 25 && count <= 45;
    });
  if (!found) throw new Error('No conversation with 25-45 messages in the dataset');
  return found.id;
}

/** DOC_IDs of a conversation's attachments, by file name. */
function docIds(service: RunningServiceDouble, id: number): Map<string, string> {
  const ids = new Map<string, string>();
  for (const message of service.state.messagesOf(id) ?? []) {
    for (const attachment of message.attachments) ids.set(attachment.fileName, attachment.docId);
  }
  return ids;
}

function requestsFor(service: RunningServiceDouble, docId: string) {
  return service.state.requests.filter(
    (entry) =>
      entry.method === 'GET' && entry.path === `/attachments/${encodeURIComponent(docId)}/data`,
  );
}

/** An attachment's entry in the pane, scrolled into view so its thumbnail loads. */
async function attachmentRow(pane: Locator, fileName: string): Promise<Locator> {
  const row = pane
    .getByRole('listitem')
    .filter({ has: pane.page().getByRole('button', { name: `Download ${fileName}`, exact: true }) })
    .last();
  await row.scrollIntoViewIfNeeded();
  return row;
}

async function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

async function expectDecoded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => naturalWidth(image)).toBeGreaterThan(0);
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
}

test.describe('image previews', () => {
  test('png, jpeg, gif and webp show as thumbnails from Blobs; the svg gets no request and no image', async ({
    page,
    service,
  }) => {
    const id = conversationAt(service, SHOWCASE_RANKS.gallery);
    const ids = docIds(service, id);
    const pane = await openConversation(page, service, id);
    for (const name of RASTERS) {
      const row = await attachmentRow(pane, name);
      await expectDecoded(row.getByRole('img', { name, exact: true }));
    }
    for (const name of RASTERS) {
      const requests = requestsFor(service, ids.get(name)!);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ authorizationValid: true, status: 200 });
    }
    // The SVG: listed and downloadable, never fetched for a preview, never rendered.
    await expect(pane.getByRole('button', { name: 'Download logo.svg' })).toBeVisible();
    expect(requestsFor(service, ids.get('logo.svg')!)).toHaveLength(0);
    await expect(pane.locator('img')).toHaveCount(RASTERS.length);
    await expect(page.locator('iframe, object, embed')).toHaveCount(0);
    expect(await page.evaluate((marker) => marker in window, SCRIPT_MARKER)).toBe(false);
  });

  test('an image is requested only once it scrolls into view', async ({ page, service }) => {
    const id = longishConversationId(service);
    const spec = service.state.addAttachment(id, {
      fileName: 'far-below.png',
      mimeType: 'image/png',
    });
    const pane = await openConversation(page, service, id);
    const row = pane
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Download far-below.png' }) })
      .last();
    await expect(row).toBeAttached();
    expect(await row.isVisible()).toBe(true);
    const box = await row.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.y).toBeGreaterThan(viewport.height);
    await page.waitForTimeout(500);
    expect(requestsFor(service, spec.docId)).toHaveLength(0);

    await row.scrollIntoViewIfNeeded();
    const image = row.getByRole('img', { name: 'far-below.png' });
    await expectDecoded(image);
    expect(requestsFor(service, spec.docId)).toHaveLength(1);
  });

  test('a thumbnail opens the attachment viewer, which steps through the viewable attachments with ←/→ and the buttons, and closes with Esc and Close', async ({
    page,
    service,
  }) => {
    const id = conversationAt(service, SHOWCASE_RANKS.gallery);
    const pane = await openConversation(page, service, id);
    const row = await attachmentRow(pane, 'screenshot.png');
    const thumbnail = row.getByRole('img', { name: 'screenshot.png' });
    const view = row.getByRole('button', { name: 'View screenshot.png' });
    await expectDecoded(thumbnail);
    await thumbnail.click();

    const viewer = page.getByRole('dialog');
    await expect(viewer).toHaveAccessibleName('screenshot.png');
    await expectDecoded(viewer.getByRole('img', { name: 'screenshot.png' }));
    // The images and the SVG (drawn only by an <img>): every viewable attachment.
    await expect(viewer).toContainText('1 of 5');
    // Modal: the rest of the page is inert.
    expect(await viewer.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);

    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAccessibleName('photo.jpg');
    await expectDecoded(viewer.getByRole('img', { name: 'photo.jpg' }));
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAccessibleName('animation.gif');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toHaveAccessibleName('photo.jpg');
    await viewer.getByRole('button', { name: 'Next' }).click();
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expect(viewer).toHaveAccessibleName('product.webp');
    await expectDecoded(viewer.getByRole('img', { name: 'product.webp' }));
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAccessibleName('logo.svg');
    await expectDecoded(viewer.getByRole('img', { name: 'logo.svg' }));
    // The last one: Next goes nowhere (the whole conversation is loaded).
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAccessibleName('logo.svg');
    await expect(viewer).toContainText('5 of 5');

    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    // Focus returns to the row's View button (the thumbnail is the pointer's way in).
    await expect(view).toBeFocused();
    // Esc closed the viewer only, not the pane.
    await expect(pane).toBeVisible();

    await view.click();
    await expect(page.getByRole('dialog')).toHaveAccessibleName('screenshot.png');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(view).toBeFocused();
    // No thumbnail for the SVG; the viewer drew it from a Blob in an <img>, where scripts never run.
    expect(await page.evaluate((marker) => marker in window, SCRIPT_MARKER)).toBe(false);
  });

  test('re-opening the conversation shows the cached thumbnails without new requests', async ({
    page,
    service,
  }) => {
    const id = conversationAt(service, SHOWCASE_RANKS.gallery);
    const ids = docIds(service, id);
    const pane = await openConversation(page, service, id);
    for (const name of RASTERS) {
      const row = await attachmentRow(pane, name);
      await expectDecoded(row.getByRole('img', { name, exact: true }));
    }
    await pane.getByRole('link', { name: 'Close' }).click();
    await expect(pane).toHaveCount(0);
    await page.goBack();
    const again = page.getByRole('complementary', { name: `Conversation #${id}` });
    for (const name of RASTERS) {
      const row = await attachmentRow(again, name);
      await expectDecoded(row.getByRole('img', { name, exact: true }));
      expect(requestsFor(service, ids.get(name)!)).toHaveLength(1);
    }
  });

  test('HTML and SVG attachments are never rendered; a foreign-origin image gets no request', async ({
    page,
    service,
  }) => {
    const other = await foreignServer({ contentType: 'image/png' });
    try {
      const id = quietConversationId(service);
      const page1 = service.state.addAttachment(id, {
        fileName: '<img src=x onerror=alert(1)>.html',
        mimeType: 'text/html',
      });
      const svg = service.state.addAttachment(id, {
        fileName: 'logo.svg',
        mimeType: 'image/svg+xml',
      });
      // Declared as a PNG, but the bytes are HTML: no preview either.
      const disguised = service.state.addAttachment(id, {
        fileName: 'disguised.png',
        mimeType: 'image/png',
        url: `${service.url}/attachments/${page1.docId}/data`,
      });
      service.state.addAttachment(id, {
        fileName: 'elsewhere.png',
        mimeType: 'image/png',
        url: other.attachmentUrl,
      });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const pane = await openConversation(page, service, id);
      await attachmentRow(pane, 'elsewhere.png');
      const disguisedRow = await attachmentRow(pane, 'disguised.png');
      await expect(disguisedRow).toContainText('Preview unavailable');
      await page.waitForTimeout(500);

      expect(other.seen).toEqual([]);
      expect(requestsFor(service, svg.docId)).toHaveLength(0);
      // The only request for the HTML bytes was the disguised "png" preview, read, never shown.
      expect(requestsFor(service, page1.docId)).toHaveLength(1);
      expect(disguised.docId).toBeTruthy();
      await expect(pane.locator('img')).toHaveCount(0);
      await expect(page.locator('iframe, object, embed')).toHaveCount(0);
      expect(await page.evaluate((marker) => marker in window, SCRIPT_MARKER)).toBe(false);
      expect(dialogs).toEqual([]);
      await expect(
        pane.getByRole('button', { name: 'Download <img src=x onerror=alert(1)>.html' }),
      ).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
