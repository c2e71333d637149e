import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { randomBytes } from '../../service-double/random-bytes';
import { captureSavedFiles, quietConversationId, renderPane } from '../support/conversation-pane';
import { server, service, TEST_SERVICE_URL } from '../support/msw';
import { renderApp } from '../support/render-app';

function attachmentRequests() {
  return service().requests.filter((entry) => entry.path.startsWith('/attachments/'));
}

/** Opens a quiet conversation carrying one injected attachment; returns its Download button. */
async function openWithAttachment(input: {
  fileName: string;
  mimeType?: string;
  size?: number;
  url?: string;
}) {
  const id = quietConversationId();
  const spec = service().addAttachment(id, { mimeType: 'application/octet-stream', ...input });
  const app = renderApp({ route: `/conversations/${id}` });
  const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
  const button = await within(pane).findByRole('button', { name: `Download ${input.fileName}` });
  return { ...app, id, spec, pane, button, item: button.closest('li')! };
}

/**
 * An attachment url whose body the test controls: the first half is sent at once, the rest only
 * when the test calls `finish` (never, for Cancel). Records whether the client went away.
 */
function controlledAttachment(size: number, { withLength = true } = {}) {
  const url = `${TEST_SERVICE_URL}/attachments/controlled/data`;
  const seen = { requests: 0, authorization: '', aborted: false, cancelled: false };
  let finish: () => void = () => undefined;
  server.use(
    http.get(url, ({ request }) => {
      seen.requests += 1;
      seen.authorization = request.headers.get('Authorization') ?? '';
      request.signal.addEventListener('abort', () => (seen.aborted = true));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(size / 2));
          finish = () => {
            controller.enqueue(new Uint8Array(size / 2));
            controller.close();
          };
        },
        cancel() {
          seen.cancelled = true;
        },
      });
      const headers: Record<string, string> = { 'Content-Type': 'application/pdf' };
      if (withLength) headers['Content-Length'] = String(size);
      return new HttpResponse(body, { headers });
    }),
  );
  return { url, seen, finish: () => finish() };
}

describe('attachment download', () => {
  it('saves a small file as an octet-stream Blob through a temporary <a download>, with the token', async () => {
    const files = captureSavedFiles();
    const { user, item, button, spec } = await openWithAttachment({
      fileName: 'backup.bin',
      size: 5000,
    });
    await user.click(button);

    expect(await within(item).findByRole('status')).toHaveTextContent(
      'Saved to your downloads (4.9 kB).',
    );
    expect(files.saved).toHaveLength(1);
    const [file] = files.saved;
    expect(file!.download).toBe('backup.bin');
    expect(file!.rel).toBe('noopener');
    expect(file!.href).toMatch(/^blob:/);
    expect(file!.blob.type).toBe('application/octet-stream');
    expect(new Uint8Array(await file!.blob.arrayBuffer())).toEqual(randomBytes(spec.seed, 5000));
    // The link is gone and the page never navigated to the blob.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(window.location.href).not.toMatch(/^blob:/);
    // The size is known now, from Content-Length.
    expect(item).toHaveTextContent(/application\/octet-stream.*4\.9 kB/);

    const requests = attachmentRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ authorizationValid: true, status: 200 });
  });

  it('saves under the safe name, whatever the sender called the file', async () => {
    const files = captureSavedFiles();
    const { user, button, item } = await openWithAttachment({
      fileName: '../../etc/passwd',
      size: 100,
    });
    await user.click(button);
    await within(item).findByRole('status');
    expect(files.saved[0]!.download).toBe('_.._etc_passwd');
  });

  it('says "no longer available" for a 404, without Retry', async () => {
    const files = captureSavedFiles();
    const { user, button, item } = await openWithAttachment({
      fileName: 'gone.pdf',
      url: `${TEST_SERVICE_URL}/attachments/c1-x999/data`,
    });
    await user.click(button);
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent('This attachment is no longer available.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(attachmentRequests()[0]).toMatchObject({ status: 404 });
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('goes back to sign-in when the service refuses the token (401)', async () => {
    const files = captureSavedFiles();
    const { user, button } = await openWithAttachment({ fileName: 'report.bin' });
    service().setToken('rotated-elsewhere');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Sign in to Threadline' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session ended');
    expect(attachmentRequests()[0]).toMatchObject({ status: 401 });
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('offers Retry after a 5xx, and Retry downloads the file', async () => {
    const files = captureSavedFiles();
    const { user, button, item } = await openWithAttachment({ fileName: 'flaky.bin' });
    service().faults.enqueue({ kind: '503', on: 'attachments' });
    await user.click(button);
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent('The service could not send this file (HTTP 503)');
    expect(files.createObjectURL).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(item).findByRole('status')).toHaveTextContent('Saved to your downloads');
    expect(files.saved).toHaveLength(1);
    expect(attachmentRequests().map((entry) => entry.status)).toEqual([503, 200]);
  });

  it('offers Retry after a network failure', async () => {
    const files = captureSavedFiles();
    const { user, button, item } = await openWithAttachment({ fileName: 'far.bin' });
    service().faults.enqueue({ kind: 'reset', on: 'attachments' });
    await user.click(button);
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent('the service could not be reached or the connection was lost');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses an attachment url on another origin with an alert and makes no request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const files = captureSavedFiles();
    const { user, button, item } = await openWithAttachment({
      fileName: 'invoice.pdf',
      url: 'https://files.attacker.example/api/attachments/c1-x1/data',
    });
    fetchSpy.mockClear();
    await user.click(button);
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent(
      "This attachment's address is not on your service (files.attacker.example); it was not downloaded.",
    );
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(attachmentRequests()).toHaveLength(0);
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses a url on the service host but outside its base path', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { user, button, item } = await openWithAttachment({
      fileName: 'admin.bin',
      url: `${new URL(TEST_SERVICE_URL).origin}/admin/attachments/c1-x1/data`,
    });
    fetchSpy.mockClear();
    await user.click(button);
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'is not on your service (service.test)',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows progress from Content-Length, and Cancel stops the transfer at once', async () => {
    const files = captureSavedFiles();
    const controlled = controlledAttachment(4000);
    const { user, button, item } = await openWithAttachment({
      fileName: 'slow.pdf',
      url: controlled.url,
    });
    await user.click(button);
    const progress = await within(item).findByRole('progressbar', {
      name: 'Downloading slow.pdf',
    });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(progress).toHaveAttribute('aria-valuemin', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    // Small enough for the page: no word about memory.
    expect(progress).not.toHaveAccessibleDescription();
    expect(controlled.seen.authorization).toBe('Bearer test-token');

    await user.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(within(item).getByRole('status')).toHaveTextContent('Download cancelled.');
    expect(within(item).queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(controlled.seen.aborted || controlled.seen.cancelled).toBe(true));
    controlled.finish();
    expect(files.createObjectURL).not.toHaveBeenCalled();
    // The button is back for another try.
    expect(within(item).getByRole('button', { name: 'Download slow.pdf' })).toBeVisible();
  });

  it('keeps the keyboard on the download: Download hands its focus to Cancel, and Cancel back to Download', async () => {
    captureSavedFiles();
    const controlled = controlledAttachment(4000);
    const { user, button, item } = await openWithAttachment({
      fileName: 'slow.pdf',
      url: controlled.url,
    });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: 'Download slow.pdf' })).toHaveFocus(),
    );
    controlled.finish();
  });

  it('shows an indeterminate progress bar when the size is unknown, then saves the file', async () => {
    const files = captureSavedFiles();
    const controlled = controlledAttachment(4000, { withLength: false });
    const { user, button, item } = await openWithAttachment({
      fileName: 'unknown-size.bin',
      url: controlled.url,
    });
    await user.click(button);
    const progress = await within(item).findByRole('progressbar', {
      name: 'Downloading unknown-size.bin',
    });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', '2 kB received'));
    expect(progress).not.toHaveAttribute('aria-valuenow');
    // No download worker in this test (as without https): a file of unknown size may be large,
    // and it is held in the tab, which the agent is told.
    expect(progress).toHaveAccessibleDescription(
      'This browser cannot stream this download to disk, so it is gathered in this tab first: keep the tab open until it is saved.',
    );
    controlled.finish();
    expect(await within(item).findByRole('status')).toHaveTextContent('Saved to your downloads');
    expect(within(item).queryByText(/gathered in this tab/)).toBeNull();
    expect(files.saved[0]!.blob.size).toBe(4000);
  });

  it('fails a stalled transfer with a clear message and Retry', async () => {
    const files = captureSavedFiles();
    const id = quietConversationId();
    const controlled = controlledAttachment(4000);
    service().addAttachment(id, {
      fileName: 'stuck.bin',
      mimeType: 'application/octet-stream',
      url: controlled.url,
    });
    const { user } = renderPane(id, { stallTimeoutMs: 150 });
    const button = await screen.findByRole('button', { name: 'Download stuck.bin' });
    const item = button.closest('li')!;
    await user.click(button);
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent('The download stalled: no data arrived for 150 milliseconds.');
    expect(files.createObjectURL).not.toHaveBeenCalled();
    await waitFor(() => expect(controlled.seen.aborted || controlled.seen.cancelled).toBe(true));

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(item).findByRole('progressbar', { name: 'Downloading stuck.bin' });
    controlled.finish();
    expect(await within(item).findByRole('status')).toHaveTextContent('Saved to your downloads');
    expect(controlled.seen.requests).toBe(2);
  });

  it('fails a body cut short without saving anything', async () => {
    const files = captureSavedFiles();
    const { user, button, item } = await openWithAttachment({
      fileName: 'cut.bin',
      size: 300_000,
    });
    service().faults.enqueue({ kind: 'truncate', on: 'attachments' });
    await user.click(button);
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent(/Nothing was saved/);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });

  it('keeps a running download going when the pane closes, and shows it when the conversation opens again', async () => {
    const files = captureSavedFiles();
    const controlled = controlledAttachment(4000);
    const { user, button, item, pane, id } = await openWithAttachment({
      fileName: 'left-behind.pdf',
      url: controlled.url,
    });
    await user.click(button);
    await within(item).findByRole('progressbar', { name: 'Downloading left-behind.pdf' });
    await user.click(within(pane).getByRole('link', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: `Conversation #${id}` })).toBeNull(),
    );
    expect(controlled.seen.aborted || controlled.seen.cancelled).toBe(false);

    await user.click(await screen.findByRole('link', { name: new RegExp(`#${id}\\b`) }));
    const reopened = await screen.findByRole('complementary', { name: `Conversation #${id}` });
    const progress = await within(reopened).findByRole('progressbar', {
      name: 'Downloading left-behind.pdf',
    });
    // Running: no second Download button to start another.
    expect(within(reopened).queryByRole('button', { name: 'Download left-behind.pdf' })).toBeNull();
    controlled.finish();
    await waitFor(() => expect(progress).not.toBeInTheDocument());
    expect(await within(reopened).findByRole('status')).toHaveTextContent(
      'Saved to your downloads',
    );
    expect(files.saved).toHaveLength(1);
    expect(controlled.seen.requests).toBe(1);
  });
});
