import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { png } from '../../service-double/file-formats';
import { renderPane } from '../support/conversation-pane';
import { server, service, TEST_SERVICE_URL } from '../support/msw';

const MB = 1024 * 1024;

/**
 * happy-dom's IntersectionObserver never reports anything; this one lets a test say which
 * elements have scrolled into view.
 */
class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  readonly elements = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }

  observe(element: Element) {
    this.elements.add(element);
  }

  unobserve(element: Element) {
    this.elements.delete(element);
  }

  disconnect() {
    this.elements.clear();
  }

  takeRecords() {
    return [];
  }

  /** Reports every observed element matching `selector` as visible. */
  static reveal(selector = '.attachment-thumbnail-slot') {
    act(() => {
      for (const observer of FakeIntersectionObserver.instances) {
        const targets = [...observer.elements].filter((element) => element.matches(selector));
        if (targets.length === 0) continue;
        observer.callback(
          targets.map(
            (target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry,
          ),
          observer as unknown as IntersectionObserver,
        );
      }
    });
  }
}

/** Object URLs: which Blob each one stands for, and which were revoked. */
function captureObjectUrls() {
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    const url = `blob:${window.location.origin}/preview-${(next += 1)}`;
    blobs.set(url, object as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => revoked.push(url));
  return { blobs, revoked };
}

beforeEach(() => {
  FakeIntersectionObserver.instances.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function requestUrl(input: string | URL | Request): string {
  return input instanceof Request ? input.url : input.toString();
}

/** A short conversation without attachments of its own. */
function bareConversationId(): number {
  const found = service()
    .dataset.list()
    .slice(4, 120)
    .find((conversation) => {
      const messages = service().messagesOf(conversation.id) ?? [];
      return messages.length <= 20 && messages.every((message) => message.attachments.length === 0);
    });
  if (!found) throw new Error('No bare conversation in the test dataset');
  return found.id;
}

function attachmentRequests(docId?: string) {
  return service().requests.filter(
    (entry) =>
      entry.path.startsWith('/attachments/') &&
      (docId === undefined || entry.path === `/attachments/${docId}/data`),
  );
}

async function openPane(id: number) {
  const rendered = renderPane(id, {});
  const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
  await within(pane).findByRole('list', { name: 'Messages' });
  return { ...rendered, pane };
}

function row(pane: HTMLElement, fileName: string): HTMLElement {
  return within(pane)
    .getByRole('button', { name: `Download ${fileName}` })
    .closest('li')!;
}

describe('image previews', () => {
  it('shows a png thumbnail from an image/png Blob, fetched with the token only once in view', async () => {
    const urls = captureObjectUrls();
    const id = bareConversationId();
    const spec = service().addAttachment(id, { fileName: 'screenshot.png', mimeType: 'image/png' });
    const { pane, router } = await openPane(id);
    const item = row(pane, 'screenshot.png');
    expect(item.querySelector('.attachment-thumbnail-slot')).not.toBeNull();
    expect(attachmentRequests()).toHaveLength(0);

    FakeIntersectionObserver.reveal();
    const image = await within(item).findByRole('img', { name: 'screenshot.png' });
    expect(attachmentRequests()).toEqual([
      expect.objectContaining({ authorizationValid: true, status: 200 }),
    ]);
    const src = image.getAttribute('src')!;
    expect(src).toMatch(/^blob:/);
    const blob = urls.blobs.get(src)!;
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png(spec.seed));
    expect(within(item).getByRole('button', { name: 'View screenshot.png' })).toBeVisible();

    // Leaving revokes the object URL.
    await act(() => router.navigate('/'));
    expect(urls.revoked).toContain(src);
  });

  it('is cached: re-opening the conversation shows the thumbnail without another request', async () => {
    captureObjectUrls();
    const id = bareConversationId();
    const spec = service().addAttachment(id, { fileName: 'photo.png', mimeType: 'image/png' });
    const { pane, router } = await openPane(id);
    FakeIntersectionObserver.reveal();
    await within(pane).findByRole('img', { name: 'photo.png' });
    await act(() => router.navigate('/'));
    expect(screen.getByText('List')).toBeVisible();

    await act(() => router.navigate(`/conversations/${id}`));
    const again = await screen.findByRole('complementary', { name: `Conversation #${id}` });
    expect(await within(again).findByRole('img', { name: 'photo.png' })).toBeVisible();
    expect(attachmentRequests(spec.docId)).toHaveLength(1);
  });

  it('never requests or previews svg, html, pdf or other types, even in view', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const id = bareConversationId();
    for (const [fileName, mimeType] of [
      ['logo.svg', 'image/svg+xml'],
      ['page.html', 'text/html'],
      ['invoice.pdf', 'application/pdf'],
      ['icon.bmp', 'image/bmp'],
      ['tricky.png', 'image/svg+xml'],
    ] as const) {
      service().addAttachment(id, { fileName, mimeType });
    }
    const { pane } = await openPane(id);
    FakeIntersectionObserver.reveal();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pane.querySelectorAll('.attachment-thumbnail-slot')).toHaveLength(0);
    expect(within(pane).queryAllByRole('img')).toHaveLength(0);
    expect(pane.querySelectorAll('iframe, object, embed')).toHaveLength(0);
    expect(attachmentRequests()).toHaveLength(0);
    expect(fetchSpy.mock.calls.map(([input]) => requestUrl(input))).not.toContainEqual(
      expect.stringContaining('/attachments/'),
    );
  });

  it('makes no request at all for an image on another origin', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const id = bareConversationId();
    service().addAttachment(id, {
      fileName: 'elsewhere.png',
      mimeType: 'image/png',
      url: 'https://files.attacker.example/api/attachments/c1-x1/data',
    });
    service().addAttachment(id, {
      fileName: 'outside-base.png',
      mimeType: 'image/png',
      url: `${new URL(TEST_SERVICE_URL).origin}/admin/attachments/c1-x1/data`,
    });
    const { pane } = await openPane(id);
    FakeIntersectionObserver.reveal();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(pane).queryAllByRole('img')).toHaveLength(0);
    expect(pane.querySelectorAll('.attachment-thumbnail-slot')).toHaveLength(0);
    const urls = fetchSpy.mock.calls.map(([input]) => requestUrl(input));
    expect(urls.filter((url) => url.includes('attacker') || url.includes('/admin/'))).toEqual([]);
  });

  it('shows "Preview unavailable" for bytes that are not a raster image, and for a decode error', async () => {
    captureObjectUrls();
    const id = bareConversationId();
    const html = service().addAttachment(id, { fileName: 'page.html', mimeType: 'text/html' });
    service().addAttachment(id, {
      fileName: 'disguised.png',
      mimeType: 'image/png',
      url: `${TEST_SERVICE_URL}/attachments/${html.docId}/data`,
    });
    service().addAttachment(id, { fileName: 'broken.gif', mimeType: 'image/gif' });
    const { pane } = await openPane(id);
    FakeIntersectionObserver.reveal();
    const disguised = row(pane, 'disguised.png');
    expect(await within(disguised).findByText('Preview unavailable')).toBeVisible();
    expect(within(disguised).queryByRole('img')).toBeNull();

    const broken = row(pane, 'broken.gif');
    const image = await within(broken).findByRole('img', { name: 'broken.gif' });
    fireEvent.error(image);
    expect(within(broken).getByText('Preview unavailable')).toBeVisible();
    expect(within(broken).queryByRole('img')).toBeNull();
  });

  it('gives up on an image over 10 MB by Content-Length, aborting the request', async () => {
    const url = `${TEST_SERVICE_URL}/attachments/huge-by-length/data`;
    const seen = { aborted: false, cancelled: false };
    server.use(
      http.get(url, ({ request }) => {
        request.signal.addEventListener('abort', () => (seen.aborted = true));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(1024));
          },
          cancel() {
            seen.cancelled = true;
          },
        });
        return new HttpResponse(body, {
          headers: { 'Content-Type': 'image/png', 'Content-Length': String(11 * MB) },
        });
      }),
    );
    const id = bareConversationId();
    service().addAttachment(id, { fileName: 'huge.png', mimeType: 'image/png', url });
    const { pane } = await openPane(id);
    FakeIntersectionObserver.reveal();
    const item = row(pane, 'huge.png');
    await waitFor(() => expect(item.querySelector('.attachment-thumbnail-slot')).toBeNull());
    await waitFor(() => expect(seen.aborted || seen.cancelled).toBe(true));
    expect(within(item).queryByRole('img')).toBeNull();
    expect(within(item).queryByText('Preview unavailable')).toBeNull();
    expect(within(item).getByRole('button', { name: 'Download huge.png' })).toBeVisible();
  });

  it('gives up once a body without Content-Length grows past 10 MB', async () => {
    const url = `${TEST_SERVICE_URL}/attachments/huge-by-body/data`;
    const seen = { sent: 0, cancelled: false, aborted: false };
    server.use(
      http.get(url, ({ request }) => {
        request.signal.addEventListener('abort', () => (seen.aborted = true));
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const chunk = new Uint8Array(MB);
            if (seen.sent === 0) chunk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
            seen.sent += chunk.byteLength;
            controller.enqueue(chunk);
            if (seen.sent >= 40 * MB) controller.close();
          },
          cancel() {
            seen.cancelled = true;
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    const id = bareConversationId();
    service().addAttachment(id, { fileName: 'endless.png', mimeType: 'image/png', url });
    const { pane } = await openPane(id);
    FakeIntersectionObserver.reveal();
    const item = row(pane, 'endless.png');
    await waitFor(() => expect(item.querySelector('.attachment-thumbnail-slot')).toBeNull());
    expect(within(item).queryByRole('img')).toBeNull();
    await waitFor(() => expect(seen.aborted || seen.cancelled).toBe(true));
    expect(seen.sent).toBeLessThan(20 * MB);
  });

  it('a click on a thumbnail opens the attachment viewer on it, which reuses the cached preview; ←/→ step through the viewable attachments', async () => {
    captureObjectUrls();
    const id = bareConversationId();
    service().addAttachment(id, { fileName: 'first.png', mimeType: 'image/png' });
    service().addAttachment(id, { fileName: 'notes.zip', mimeType: 'application/zip' });
    service().addAttachment(id, { fileName: 'second.webp', mimeType: 'image/webp' });
    service().addAttachment(id, { fileName: 'third.jpg', mimeType: 'image/jpeg' });
    const { pane, user } = await openPane(id);
    FakeIntersectionObserver.reveal();
    const thumbnail = await within(row(pane, 'first.png')).findByRole('img', { name: 'first.png' });
    await waitFor(() => expect(attachmentRequests()).toHaveLength(3));
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    await user.click(thumbnail);

    const viewer = await screen.findByRole('dialog', { name: 'first.png' });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(await within(viewer).findByRole('img', { name: 'first.png' })).toBeInTheDocument();
    expect(viewer).toHaveTextContent('1 of 3');
    // The zip is not viewable: no View button, not stepped to.
    expect(within(pane).queryByRole('button', { name: 'View notes.zip' })).toBeNull();

    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('second.webp');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('third.jpg');
    // The last one: Next goes nowhere.
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('third.jpg');
    await user.click(within(viewer).getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('second.webp');

    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The viewer showed the cached previews: one request per image, all made for the thumbnails.
    expect(attachmentRequests()).toHaveLength(3);
    // Focus returns to the row's View button, the keyboard's way to the same viewer.
    expect(
      within(row(pane, 'first.png')).getByRole('button', { name: 'View first.png' }),
    ).toHaveFocus();
  });
});
