import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as workerSupport from '../../src/features/downloads/engines/worker-support';
import { randomBytes } from '../../service-double/random-bytes';
import { captureSavedFiles, renderPane } from '../support/conversation-pane';
import { server, service, TEST_SERVICE_URL, useService } from '../support/msw';
import { renderApp } from '../support/render-app';

// No service worker in happy-dom: every zip takes the Blob path here (the worker hand-off is
// tested in download-all-engine.test.tsx, and for real in test/browser/download-all.spec.ts).
vi.mock('../../src/features/downloads/engines/worker-support', () => ({
  workerDownloadsAvailable: vi.fn(() => false),
  ensureDownloadWorker: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(workerSupport.workerDownloadsAvailable).mockReturnValue(false);
});

interface ZipEntry {
  name: string;
  method: number;
  data: Uint8Array;
}

/** Central directory first (client-zip puts sizes in data descriptors), then each local header. */
async function readZip(blob: Blob): Promise<ZipEntry[]> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const view = new DataView(bytes.buffer);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('Not a zip');
  const count = view.getUint16(end + 10, true);
  let cursor = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(view.getUint32(cursor, true)).toBe(0x02014b50);
    const method = view.getUint16(cursor + 10, true);
    const size = view.getUint32(cursor + 20, true);
    const nameLength = view.getUint16(cursor + 28, true);
    const extraLength = view.getUint16(cursor + 30, true);
    const commentLength = view.getUint16(cursor + 32, true);
    const local = view.getUint32(cursor + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(cursor + 46, cursor + 46 + nameLength));
    cursor += 46 + nameLength + extraLength + commentLength;
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, method, data: bytes.slice(start, start + size) });
  }
  return entries;
}

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

function attachmentRequests() {
  return service().requests.filter((entry) => entry.path.startsWith('/attachments/'));
}

function addBin(id: number, fileName: string, size: number) {
  return service().addAttachment(id, { fileName, mimeType: 'application/octet-stream', size });
}

/** Controlled attachments (controlledAttachments), part-0.pdf, part-1.pdf…, in conversation `id`. */
function addControlledParts(id: number, sizes: (number | null)[]) {
  const controlled = controlledAttachments(sizes);
  controlled.urls.forEach((url, index) =>
    service().addAttachment(id, {
      fileName: `part-${index}.pdf`,
      mimeType: 'application/pdf',
      url,
    }),
  );
  return controlled;
}

async function openPane(id: number, options: { stallTimeoutMs?: number } = {}) {
  const rendered = renderPane(id, options);
  const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
  await within(pane).findByRole('list', { name: 'Messages' });
  const section = () => within(pane).getByRole('region', { name: 'All attachments' });
  return { ...rendered, pane, section };
}

/**
 * Attachment urls whose bodies the test controls: half at once, the rest when `finish` is called
 * (never, for Cancel and stalls). Records whether the client went away.
 */
function controlledAttachments(sizes: (number | null)[]) {
  const seen = sizes.map(() => ({ requests: 0, authorization: '', aborted: false }));
  const finishers: (() => void)[] = [];
  const urls = sizes.map((size, index) => {
    const url = `${TEST_SERVICE_URL}/attachments/controlled-${index}/data`;
    const length = size ?? 4000;
    server.use(
      http.get(url, ({ request }) => {
        seen[index]!.requests += 1;
        seen[index]!.authorization = request.headers.get('Authorization') ?? '';
        request.signal.addEventListener('abort', () => (seen[index]!.aborted = true));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(length / 2).fill(index + 1));
            finishers[index] = () => {
              controller.enqueue(new Uint8Array(length / 2).fill(index + 1));
              controller.close();
            };
          },
        });
        const headers: Record<string, string> = { 'Content-Type': 'application/pdf' };
        if (size !== null) headers['Content-Length'] = String(size);
        return new HttpResponse(body, { headers });
      }),
    );
    return url;
  });
  return { urls, seen, finish: (index: number) => finishers[index]?.() };
}

/**
 * Message pages of conversation `id` after the first wait until `release()` (then the double
 * answers them); `requests` counts the ones asked for.
 */
function heldMessagePages(id: number) {
  const waiting: (() => void)[] = [];
  const held = { requests: 0, release: () => waiting.splice(0).forEach((go) => go()) };
  server.use(
    http.get(`${TEST_SERVICE_URL}/conversations/${id}/messages`, async ({ request }) => {
      if (!new URL(request.url).searchParams.has('next')) return;
      held.requests += 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }),
  );
  return held;
}

/** A bare conversation with `count` attachments: its messages take several pages. */
function longConversationId(count: number): number {
  const id = bareConversationId();
  for (let index = 0; index < count; index += 1) addBin(id, `file-${index}.bin`, 10);
  return id;
}

describe('Download all attachments', () => {
  it('is offered only from two attachments on', async () => {
    const id = bareConversationId();
    addBin(id, 'only.bin', 100);
    const first = await openPane(id);
    expect(
      within(first.pane).queryByRole('button', { name: 'Download all attachments' }),
    ).toBeNull();
    cleanup();

    addBin(id, 'second.bin', 100);
    const second = await openPane(id);
    expect(
      within(second.pane).getByRole('button', { name: 'Download all attachments' }),
    ).toBeVisible();
  });

  it('saves every attachment in one zip, byte for byte, with unique safe names', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    const sizes = [5000, 3000, 1000, 10];
    const specs = [
      addBin(id, 'report.bin', sizes[0]!),
      addBin(id, 'Report.bin', sizes[1]!),
      addBin(id, '../../etc/passwd', sizes[2]!),
      addBin(id, 'report.bin', sizes[3]!),
    ];
    const { pane, section, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    expect(
      await within(section()).findByText(
        new RegExp(
          `^Saved conversation-${id}-attachments\\.zip to your downloads \\(4 files, 9\\.\\d kB\\)\\.$`,
        ),
      ),
    ).toBeVisible();

    expect(files.saved).toHaveLength(1);
    const [saved] = files.saved;
    expect(saved!.download).toBe(`conversation-${id}-attachments.zip`);
    expect(saved!.blob.type).toBe('application/octet-stream');
    const entries = await readZip(saved!.blob);
    expect(entries.map((entry) => entry.name)).toEqual([
      'report.bin',
      'Report (2).bin',
      '_.._etc_passwd',
      'report (3).bin',
    ]);
    entries.forEach((entry, index) => {
      expect(entry.method).toBe(0);
      expect(entry.data).toEqual(randomBytes(specs[index]!.seed, sizes[index]!));
    });
    expect(attachmentRequests()).toHaveLength(4);
    expect(attachmentRequests().every((entry) => entry.authorizationValid)).toBe(true);
    // Completion is announced through the live region.
    await waitFor(() =>
      expect(document.getElementById('live-region') ?? document.body).toHaveTextContent(
        `All attachments saved: conversation-${id}-attachments.zip`,
      ),
    );
  });

  it('shows overall progress as a percentage of the known sizes; Cancel stops every request and saves nothing', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    const controlled = addControlledParts(id, [4000, 4000]);
    const { pane, section, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    const progress = await within(section()).findByRole('progressbar', {
      name: 'Downloading all attachments',
    });
    // Half of the first file of two: 2000 of 8000 bytes.
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '25'));
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(progress.getAttribute('aria-valuetext')).toMatch(/^25%, .* of 7.8 kB, file 1 of 2$/);
    expect(progress).not.toHaveAccessibleDescription();
    expect(controlled.seen.map((seen) => seen.authorization)).toEqual([
      'Bearer test-token',
      'Bearer test-token',
    ]);

    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(within(section()).getByRole('status')).toHaveTextContent(
      'Download cancelled. Nothing was saved.',
    );
    expect(within(section()).queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(controlled.seen.every((seen) => seen.aborted)).toBe(true));
    controlled.finish(0);
    controlled.finish(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(files.createObjectURL).not.toHaveBeenCalled();
    expect(
      within(section()).getByRole('button', { name: 'Download all attachments' }),
    ).toBeVisible();
  });

  it('keeps the keyboard on the zip: Download all hands its focus to Cancel, and Cancel back', async () => {
    captureSavedFiles();
    const id = bareConversationId();
    const controlled = addControlledParts(id, [4000, 4000]);
    const { pane, section, user } = await openPane(id);
    within(pane).getByRole('button', { name: 'Download all attachments' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(section()).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        within(section()).getByRole('button', { name: 'Download all attachments' }),
      ).toHaveFocus(),
    );
    controlled.finish(0);
    controlled.finish(1);
  });

  it('shows indeterminate progress while a size is unknown, then saves', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    const controlled = addControlledParts(id, [null, 2000]);
    const { pane, section, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    const progress = await within(section()).findByRole('progressbar', {
      name: 'Downloading all attachments',
    });
    await waitFor(() =>
      expect(progress).toHaveAttribute('aria-valuetext', '2 kB received, file 1 of 2'),
    );
    expect(progress).not.toHaveAttribute('aria-valuenow');
    // Unknown size and no download worker: the zip is built in the tab, and the agent is told.
    expect(progress).toHaveAccessibleDescription(/cannot stream this download to disk/);
    controlled.finish(0);
    controlled.finish(1);
    expect(
      await within(section()).findByText(/Saved conversation-\d+-attachments\.zip/),
    ).toBeVisible();
    const entries = await readZip(files.saved[0]!.blob);
    expect(entries.map((entry) => [entry.name, entry.data.length])).toEqual([
      ['part-0.pdf', 4000],
      ['part-1.pdf', 2000],
    ]);
  });

  it('fails on a 5xx naming the file, saving nothing; Retry saves the zip', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    addBin(id, 'first.bin', 100);
    addBin(id, 'second.bin', 100);
    const { pane, section, user } = await openPane(id);
    service().faults.enqueue({ kind: '503', on: 'attachments' });
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    const alert = await within(section()).findByRole('alert');
    // Both requests start together; the fault hits whichever reaches the service first.
    expect(alert).toHaveTextContent(
      /^“(first|second)\.bin”: The service could not send this file \(HTTP 503\)\. Nothing was saved; try again in a moment\.Retry$/,
    );
    expect(files.createObjectURL).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(section()).findByText(/Saved conversation-\d+-attachments\.zip/),
    ).toBeVisible();
    expect(files.saved).toHaveLength(1);
  });

  it('fails on a lost connection with Retry', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    addBin(id, 'first.bin', 100);
    addBin(id, 'second.bin', 100);
    const { pane, section, user } = await openPane(id);
    service().faults.enqueue({ kind: 'reset', on: 'attachments' });
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('the service could not be reached or the connection was lost');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('fails a stalled transfer', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    const controlled = addControlledParts(id, [4000, 4000]);
    const { pane, section, user } = await openPane(id, { stallTimeoutMs: 150 });
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('The download stalled: no data arrived for 150 milliseconds.');
    await waitFor(() => expect(controlled.seen.every((seen) => seen.aborted)).toBe(true));
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('skips a file the service no longer has, and one on another origin, listing both', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const files = captureSavedFiles();
    const id = bareConversationId();
    const kept = addBin(id, 'kept.bin', 500);
    service().addAttachment(id, {
      fileName: 'gone.pdf',
      mimeType: 'application/pdf',
      url: `${TEST_SERVICE_URL}/attachments/c1-x999/data`,
    });
    service().addAttachment(id, {
      fileName: 'invoice.pdf',
      mimeType: 'application/pdf',
      url: 'https://files.attacker.example/api/attachments/c1-x1/data',
    });
    const { pane, section, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    expect(
      await within(section()).findByText(
        new RegExp(
          `^Saved conversation-${id}-attachments\\.zip to your downloads \\(1 file, \\d+ bytes\\)\\.$`,
        ),
      ),
    ).toBeVisible();
    expect(section()).toHaveTextContent('Not included: not on your service, so never requested:');
    expect(section()).toHaveTextContent('invoice.pdf');
    expect(section()).toHaveTextContent('Not included: no longer available on the service:');
    expect(section()).toHaveTextContent('gone.pdf');
    const entries = await readZip(files.saved[0]!.blob);
    expect(entries.map((entry) => entry.name)).toEqual(['kept.bin']);
    expect(entries[0]!.data).toEqual(randomBytes(kept.seed, 500));
    expect(fetchSpy.mock.calls.map(([input]) => requestUrl(input))).not.toContainEqual(
      expect.stringContaining('attacker'),
    );
  });

  it('says so when no file is left to save', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    for (const name of ['a.pdf', 'b.pdf']) {
      service().addAttachment(id, {
        fileName: name,
        mimeType: 'application/pdf',
        url: `${TEST_SERVICE_URL}/attachments/c1-x99${name[0] === 'a' ? 8 : 9}/data`,
      });
    }
    const { pane, section, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'None of the attachments is available any more. Nothing was saved.',
    );
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('goes back to sign-in on a 401', async () => {
    const files = captureSavedFiles();
    const id = bareConversationId();
    addBin(id, 'first.bin', 100);
    addBin(id, 'second.bin', 100);
    const { user } = renderApp({ route: `/conversations/${id}` });
    const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
    const button = await within(pane).findByRole('button', { name: 'Download all attachments' });
    service().setToken('rotated-elsewhere');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Sign in to Threadline' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session ended');
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('loads the remaining message pages first, saying so, and includes their attachments', async () => {
    useService({ conversations: 300 });
    const files = captureSavedFiles();
    const id = service()
      .dataset.list()
      .find((conversation) => {
        const messages = service().messagesOf(conversation.id) ?? [];
        const firstPage = messages.slice(0, 50).flatMap((message) => message.attachments);
        return messages.length > 50 && messages.length <= 100 && firstPage.length >= 2;
      })!.id;
    const late = addBin(id, 'from-the-last-page.bin', 321);
    const { user } = renderApp({ route: `/conversations/${id}` });
    const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
    const section = () => within(pane).getByRole('region', { name: 'All attachments' });
    await within(pane).findByRole('button', { name: 'Load more messages' });
    expect(section()).toHaveTextContent('the rest of the messages load first');
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    expect(
      await within(section()).findByText(/Saved conversation-\d+-attachments\.zip/),
    ).toBeVisible();
    const expected = (service().messagesOf(id) ?? []).flatMap((message) => message.attachments);
    const entries = await readZip(files.saved[0]!.blob);
    expect(entries).toHaveLength(expected.length);
    expect(entries.at(-1)!.name).toBe('from-the-last-page.bin');
    expect(entries.at(-1)!.data).toEqual(randomBytes(late.seed, 321));
    // The pane shows the pages it loaded.
    expect(await within(pane).findByText(/All \d+ messages shown/)).toBeVisible();
  });

  it('stops loading the remaining messages when the agent cancels while they load', async () => {
    const id = longConversationId(200);
    const held = heldMessagePages(id);
    const { pane, section, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    await waitFor(() => expect(held.requests).toBe(1));
    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(await within(section()).findByText(/cancelled/)).toBeVisible();

    // The page on its way still lands, in the pane; no page is asked for after it.
    held.release();
    await waitFor(() =>
      expect(within(pane).getByRole('list', { name: 'Messages' }).children).toHaveLength(100),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held.requests).toBe(1);
  });

  it('sends no request with the token once the agent has signed out while the messages load', async () => {
    const id = longConversationId(200);
    const held = heldMessagePages(id);
    window.confirm = vi.fn(() => true);
    try {
      const { user } = renderApp({ route: `/conversations/${id}` });
      const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
      await user.click(
        await within(pane).findByRole('button', { name: 'Download all attachments' }),
      );
      await waitFor(() => expect(held.requests).toBe(1));
      await user.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();

      held.release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      held.release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(held.requests).toBe(1);
    } finally {
      Reflect.deleteProperty(window, 'confirm');
    }
  });
});
