import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureSavedFiles, quietConversationId } from '../support/conversation-pane';
import { server, service, TEST_SERVICE_URL } from '../support/msw';
import { rows } from '../support/queries';
import { renderApp } from '../support/render-app';

// No service worker in happy-dom: every file here takes the in-page (Blob) path.
vi.mock('../../src/features/downloads/engines/worker-support', () => ({
  workerDownloadsAvailable: vi.fn(() => false),
  ensureDownloadWorker: vi.fn(),
}));

// happy-dom has no window.confirm; the app asks through it before signing out.
afterEach(() => {
  Reflect.deleteProperty(window, 'confirm');
});

function stubConfirm(...answers: boolean[]) {
  const confirm = vi.fn((question?: string) => Boolean(question) && (answers.shift() ?? false));
  window.confirm = confirm;
  return confirm;
}

/**
 * Attachment urls whose bodies the test controls: half at once, the rest when `finish(n)` is called
 * (never, for Cancel). Records requests and whether the client went away.
 */
function controlled(count: number, size = 4000) {
  const seen = Array.from({ length: count }, () => ({ requests: 0, aborted: false }));
  const finishers: (() => void)[] = [];
  const urls = seen.map((record, index) => {
    const url = `${TEST_SERVICE_URL}/attachments/slow-${index}/data`;
    server.use(
      http.get(url, ({ request }) => {
        record.requests += 1;
        request.signal.addEventListener('abort', () => (record.aborted = true));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(size / 2));
            finishers[index] = () => {
              controller.enqueue(new Uint8Array(size / 2));
              controller.close();
            };
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Length': String(size) } });
      }),
    );
    return url;
  });
  return { urls, seen, finish: (index: number) => finishers[index]?.() };
}

/** A conversation with the given attachments, opened in the app; returns its pane. */
async function openConversation(files: { fileName: string; url?: string; size?: number }[]) {
  const id = quietConversationId();
  for (const file of files) {
    service().addAttachment(id, { mimeType: 'application/octet-stream', ...file });
  }
  const app = renderApp({ route: `/conversations/${id}` });
  const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
  await within(pane).findByRole('button', { name: `Download ${files[0]!.fileName}` });
  return { ...app, id, pane };
}

const downloadsButton = () => screen.getByRole('button', { name: /^Downloads/ });
const panel = () => screen.getByRole('region', { name: 'Downloads' });

describe('downloads panel', () => {
  it('counts running downloads in the header and lists them with their conversation, and Cancel there stops the transfer', async () => {
    const slow = controlled(1);
    const { user, pane, id } = await openConversation([
      { fileName: 'slow.pdf', url: slow.urls[0] },
    ]);
    expect(downloadsButton()).toHaveAccessibleName('Downloads');
    await user.click(within(pane).getByRole('button', { name: 'Download slow.pdf' }));
    await waitFor(() => expect(downloadsButton()).toHaveAccessibleName('Downloads, 1 running'));

    // The pane closes; the download goes on and the panel still has it.
    await user.click(within(pane).getByRole('link', { name: 'Close' }));
    await user.click(downloadsButton());
    const item = await within(await screen.findByRole('region', { name: 'Downloads' })).findByRole(
      'listitem',
      { name: 'slow.pdf' },
    );
    expect(within(item).getByRole('link', { name: `Conversation #${id}` })).toHaveAttribute(
      'href',
      `/conversations/${id}`,
    );
    expect(within(item).getByRole('progressbar', { name: 'Downloading slow.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(slow.seen[0]!.aborted).toBe(false);

    await user.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(within(item).getByText('Download cancelled. Nothing was saved.')).toBeVisible();
    await waitFor(() => expect(slow.seen[0]!.aborted).toBe(true));
    expect(downloadsButton()).toHaveAccessibleName('Downloads');
  });

  it('offers Retry after a failure, and Retry from the panel saves the file', async () => {
    const files = captureSavedFiles();
    const { user, pane } = await openConversation([{ fileName: 'flaky.bin', size: 3000 }]);
    service().faults.enqueue({ kind: '503', on: 'attachments' });
    await user.click(within(pane).getByRole('button', { name: 'Download flaky.bin' }));
    await within(pane).findByRole('alert');
    expect(document.getElementById('live-region')).toHaveTextContent(/Download failed: flaky\.bin/);

    await user.click(downloadsButton());
    const item = within(panel()).getByRole('listitem', { name: 'flaky.bin' });
    expect(within(item).getByRole('alert')).toHaveTextContent(/HTTP 503/);
    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(item).toHaveTextContent('Saved to your downloads (2.9 kB).'));
    expect(files.saved).toHaveLength(1);
    expect(document.getElementById('live-region')).toHaveTextContent('Saved flaky.bin (2.9 kB).');
    // The pane shows the same download's state.
    expect(within(pane).getByRole('status')).toHaveTextContent('Saved to your downloads');
  });

  it('opens with d, says when it is empty, and Esc closes it without closing the conversation', async () => {
    const { user, pane, id } = await openConversation([{ fileName: 'any.bin' }]);
    const heading = within(pane).getByRole('heading', { name: `Conversation #${id}` });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.keyboard('d');
    expect(
      await within(panel()).findByText('Nothing downloaded in this session yet.'),
    ).toBeVisible();
    expect(within(panel()).getByRole('heading', { name: 'Downloads' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Downloads' })).toBeNull();
    expect(pane).toBeInTheDocument();
    // Back where d was pressed, not on Downloads, where Enter would open the panel again.
    expect(heading).toHaveFocus();
  });

  it('opened with d from a row, Esc gives the row its focus back and Enter opens that conversation', async () => {
    const { user, router } = renderApp({ route: '/' });
    const links = await rows();
    await user.keyboard('jj');
    expect(links[1]).toHaveFocus();
    await user.keyboard('d');
    await within(panel()).findByText('Nothing downloaded in this session yet.');
    await user.keyboard('{Escape}');
    expect(links[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(
      `/conversations/${links[1]!.getAttribute('data-conversation-id')}`,
    );
    expect(screen.queryByRole('region', { name: 'Downloads' })).toBeNull();
  });

  it('opened with the button, closing it puts focus back on the button', async () => {
    const { user } = await openConversation([{ fileName: 'any.bin' }]);
    await user.click(downloadsButton());
    await within(panel()).findByText('Nothing downloaded in this session yet.');
    await user.click(within(panel()).getByRole('button', { name: 'Close downloads' }));
    expect(screen.queryByRole('region', { name: 'Downloads' })).toBeNull();
    expect(downloadsButton()).toHaveFocus();
  });

  it('asks before signing out while a download runs: No keeps both, Yes signs out and cancels it', async () => {
    const slow = controlled(1);
    const confirm = stubConfirm(false, true);
    const { user, pane } = await openConversation([{ fileName: 'slow.pdf', url: slow.urls[0] }]);
    await user.click(within(pane).getByRole('button', { name: 'Download slow.pdf' }));
    await within(pane).findByRole('progressbar', { name: 'Downloading slow.pdf' });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(confirm).toHaveBeenLastCalledWith('Sign out and cancel the download still running?');
    expect(pane).toBeInTheDocument();
    expect(slow.seen[0]!.aborted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    await waitFor(() => expect(slow.seen[0]!.aborted).toBe(true));
    expect(sessionStorage.length).toBe(0);
  });

  it('signs out without asking when nothing is running', async () => {
    const confirm = stubConfirm();
    const { user } = await openConversation([{ fileName: 'any.bin' }]);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('before any conversation is opened (no manager yet), shows no count and signs out without asking', async () => {
    const confirm = stubConfirm();
    const { user } = renderApp({ route: '/' });
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(downloadsButton()).toHaveAccessibleName('Downloads');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before the page unloads only while a download runs in the page', async () => {
    const slow = controlled(1);
    const unloading = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { user, pane } = await openConversation([{ fileName: 'slow.pdf', url: slow.urls[0] }]);
    expect(unloading()).toBe(false);
    await user.click(within(pane).getByRole('button', { name: 'Download slow.pdf' }));
    await within(pane).findByRole('progressbar', { name: 'Downloading slow.pdf' });
    expect(unloading()).toBe(true);
    slow.finish(0);
    await within(pane).findByText(/Saved to your downloads/);
    expect(unloading()).toBe(false);
  });

  it('goes on with Download all when the pane closes, and lists the saved zip', async () => {
    const files = captureSavedFiles();
    const slow = controlled(2);
    const { user, pane, id } = await openConversation([
      { fileName: 'one.pdf', url: slow.urls[0] },
      { fileName: 'two.pdf', url: slow.urls[1] },
    ]);
    await user.click(within(pane).getByRole('button', { name: 'Download all attachments' }));
    await within(pane).findByRole('progressbar', { name: 'Downloading all attachments' });
    await user.click(within(pane).getByRole('link', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());

    await waitFor(() => expect(slow.seen.map((record) => record.requests)).toEqual([1, 1]));
    expect(slow.seen.map((record) => record.aborted)).toEqual([false, false]);
    slow.finish(0);
    slow.finish(1);
    await waitFor(() => expect(files.saved).toHaveLength(1));
    expect(files.saved[0]!.download).toBe(`conversation-${id}-attachments.zip`);
    await user.click(downloadsButton());
    expect(
      within(panel()).getByRole('listitem', { name: `conversation-${id}-attachments.zip` }),
    ).toHaveTextContent(`Saved conversation-${id}-attachments.zip to your downloads (`);
  });
});
