import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SHOWCASE_RANKS } from '../../service-double/index';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { quietConversationId, renderPane } from '../support/conversation-pane';
import { server, service, TEST_SERVICE_URL } from '../support/msw';

const MB = 1024 * 1024;

function samplesConversation(): number {
  return service().dataset.list()[SHOWCASE_RANKS.viewerSamples]!.id;
}

async function openPane(id: number) {
  const rendered = renderPane(id, {});
  const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
  await within(pane).findByRole('list', { name: 'Messages' });
  return { ...rendered, pane };
}

/** A body that sends one chunk and then waits; records whether the client gave up on it. */
function hangingFile(url: string, headers: Record<string, string> = {}) {
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
      return new HttpResponse(body, { headers });
    }),
  );
  return seen;
}

describe('the attachment viewer', () => {
  it('opens from View: a modal dialog named by the file, with type, size and Download; Esc closes it and focus returns', async () => {
    const id = samplesConversation();
    const { pane, user } = await openPane(id);
    const view = within(pane).getByRole('button', { name: 'View settings.json' });
    await user.click(view);
    const viewer = await screen.findByRole('dialog', { name: 'settings.json' });
    expect(within(viewer).getByRole('heading', { name: 'settings.json' })).toHaveFocus();
    // The text, as text: React text in a <pre>, never HTML.
    const text = await within(viewer).findByLabelText('Text of settings.json');
    expect(text.tagName).toBe('PRE');
    expect(text.textContent?.startsWith('{')).toBe(true);
    expect(viewer).toHaveTextContent(/application\/json · \d/);
    // The downloads feature's own control, through the pane's slot.
    expect(within(viewer).getByRole('button', { name: 'Download settings.json' })).toBeVisible();
    // HTML is never viewable.
    expect(within(pane).queryByRole('button', { name: 'View page.html' })).toBeNull();

    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view).toHaveFocus();
  });

  it('Next past the last attachment of the first messages page loads the next page and shows its first one', async () => {
    const id = samplesConversation();
    const { pane, user } = await openPane(id);
    // page.html (message 14) is the last attachment on page 1, and not viewable.
    expect(within(pane).queryByRole('button', { name: 'View notes.md' })).toBeNull();
    await user.click(within(pane).getByRole('button', { name: 'View settings.json' }));
    const viewer = await screen.findByRole('dialog', { name: 'settings.json' });
    expect(viewer).toHaveTextContent(/\d+ of \d+\+/);
    await user.click(within(viewer).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveAccessibleName('notes.md'));
    // Markdown as it is written: no heading made of "# Release notes".
    const text = await within(viewer).findByLabelText('Text of notes.md');
    expect(text).toHaveTextContent('# Release notes');
    expect(within(viewer).getAllByRole('heading')).toHaveLength(1);
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('settings.json');
  });

  it('says when the next messages page could not be loaded, and Next tries again', async () => {
    const id = samplesConversation();
    const { pane, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'View settings.json' }));
    const viewer = await screen.findByRole('dialog', { name: 'settings.json' });
    service().faults.enqueue({ kind: '500', on: 'api' });
    await user.click(within(viewer).getByRole('button', { name: 'Next' }));
    expect(
      await within(viewer).findByText('More messages could not be loaded: Next tries again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('settings.json');
    await user.click(within(viewer).getByRole('button', { name: 'Next' }));
    // Every page is in: no "+" after the count any more.
    expect(await within(viewer).findByText(/^\d+ of \d+$/)).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveAccessibleName('notes.md'));
  });

  it('shows a CSV as a table of its first 1,000 rows, and as text', async () => {
    const id = samplesConversation();
    const { pane, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'View orders.csv' }));
    const viewer = await screen.findByRole('dialog', { name: 'orders.csv' });
    const table = await within(viewer).findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(1001);
    expect(within(table).getByRole('columnheader', { name: 'order_id' })).toBeInTheDocument();
    expect(viewer).toHaveTextContent('Showing the first 1,000 rows');
    await user.click(within(viewer).getByRole('button', { name: 'Text' }));
    expect(within(viewer).getByLabelText('Text of orders.csv')).toHaveTextContent(
      /^order_id,date,customer/,
    );
  });

  it('shows the first MiB of a larger text file, saying so; bytes that are not UTF-8 become U+FFFD', async () => {
    const id = quietConversationId();
    service().addAttachment(id, {
      fileName: 'app.log',
      mimeType: 'Text/Plain; charset=utf-8',
      size: 3 * MB,
    });
    const url = `${TEST_SERVICE_URL}/attachments/latin1/data`;
    server.use(
      http.get(url, () =>
        HttpResponse.arrayBuffer(new Uint8Array([0x63, 0x61, 0x66, 0xe9]).buffer),
      ),
    );
    service().addAttachment(id, { fileName: 'latin1.txt', mimeType: 'text/plain', url });
    const { pane, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'View app.log' }));
    const viewer = await screen.findByRole('dialog', { name: 'app.log' });
    expect(await within(viewer).findByText('Showing the first 1 MB of 3 MB.')).toBeVisible();
    const text = within(viewer).getByLabelText('Text of app.log');
    expect(text.textContent.length).toBeLessThanOrEqual(MB);
    expect(text.textContent.length).toBeGreaterThan(MB / 2);

    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('latin1.txt');
    expect(await within(viewer).findByLabelText('Text of latin1.txt')).toHaveTextContent(
      'caf\uFFFD',
    );
  });

  it('refuses a file over 50 MB by its Content-Length without reading it, offering Download', async () => {
    const url = `${TEST_SERVICE_URL}/attachments/huge-video/data`;
    const seen = hangingFile(url, {
      'Content-Type': 'video/mp4',
      'Content-Length': String(60 * MB),
    });
    const id = quietConversationId();
    service().addAttachment(id, { fileName: 'meeting.mp4', mimeType: 'video/mp4', url });
    const { pane, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'View meeting.mp4' }));
    const viewer = await screen.findByRole('dialog', { name: 'meeting.mp4' });
    expect(
      await within(viewer).findByText(/This file is 60 MB, larger than the 50 MB the viewer reads/),
    ).toBeVisible();
    await waitFor(() => expect(seen.aborted || seen.cancelled).toBe(true));
    expect(within(viewer).queryByRole('video')).toBeNull();
    expect(within(viewer).getByRole('button', { name: 'Download meeting.mp4' })).toBeVisible();
  });

  it('aborts the read when the viewer closes before the file has arrived', async () => {
    const url = `${TEST_SERVICE_URL}/attachments/slow-log/data`;
    const seen = hangingFile(url, { 'Content-Type': 'text/plain' });
    const id = quietConversationId();
    service().addAttachment(id, { fileName: 'slow.log', mimeType: 'text/plain', url });
    const { pane, user } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'View slow.log' }));
    const viewer = await screen.findByRole('dialog', { name: 'slow.log' });
    // What has arrived so far (no Content-Length: no total).
    await waitFor(() =>
      expect(within(viewer).getByRole('status')).toHaveTextContent('Loading slow.log… 1 kB'),
    );
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(seen.aborted || seen.cancelled).toBe(true));
  });
});

describe('the attachment viewer in the agent’s language', () => {
  /** A conversation ending with three viewable text files, in this order. */
  function threeFiles(): number {
    const id = quietConversationId();
    for (const fileName of ['one.txt', 'two.txt', 'three.txt'])
      service().addAttachment(id, { fileName, mimeType: 'text/plain' });
    return id;
  }

  it('speaks German: View, Close, Previous/Next and the position', async () => {
    const { pane, user } = await openPane(threeFiles());
    await act(() => activateLanguage(findLanguage('de')!));
    await user.click(within(pane).getByRole('button', { name: 'one.txt ansehen' }));
    const viewer = await screen.findByRole('dialog', { name: 'one.txt' });
    expect(await within(viewer).findByLabelText('Text von one.txt')).toBeInTheDocument();
    expect(within(viewer).getByRole('navigation', { name: 'Anhänge' })).toHaveTextContent(
      /^Zurück\d+ von \d+Weiter$/,
    );
    await user.click(within(viewer).getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('two.txt');
    await user.click(within(viewer).getByRole('button', { name: 'Zurück' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('one.txt');
    await user.click(within(viewer).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('in Arabic, ← goes on and → goes back, as Next and Previous sit', async () => {
    const { pane, user } = await openPane(threeFiles());
    await act(() => activateLanguage(findLanguage('ar')!));
    await user.click(within(pane).getByRole('button', { name: 'عرض one.txt' }));
    const viewer = await screen.findByRole('dialog', { name: 'one.txt' });
    const next = within(viewer).getByRole('button', { name: 'التالي' });
    const previous = within(viewer).getByRole('button', { name: 'السابق' });
    expect(next).toHaveAttribute('aria-keyshortcuts', 'ArrowLeft');
    expect(previous).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');

    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('two.txt');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('three.txt');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('two.txt');
    expect(within(viewer).getByRole('navigation', { name: 'المرفقات' })).toHaveTextContent(
      /^السابق\d+ من \d+التالي$/,
    );
    // The file name is the sender's text: in its own direction inside the right-to-left page.
    expect(within(viewer).getByRole('heading', { name: 'two.txt' })).toHaveAttribute('dir', 'auto');
  });
});
