import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPaneCode } from '../../src/app/pane-code';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { quietConversationId } from '../support/conversation-pane';
import { server, service, TEST_SERVICE_URL } from '../support/msw';
import { liveRegion } from '../support/queries';
import { renderApp } from '../support/render-app';

const MESSAGES = `${TEST_SERVICE_URL}/conversations/:id/messages`;

// The pane's code is in the page first, as the app has it once the list has been idle: the first
// test would otherwise wait for its import, which the test runner compiles on first use.
beforeAll(() => loadPaneCode());

function pane(id: number) {
  return screen.findByRole('complementary', { name: `Conversation #${id}` });
}

async function messageItems(id: number) {
  const list = await within(await pane(id)).findByRole('list', { name: 'Messages' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

describe('conversation pane', () => {
  it('opens beside the list from a row, with the fields the list loaded and the messages', async () => {
    const { user, router } = renderApp();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const newest = service().dataset.list()[0]!;
    await user.click(within(list).getAllByRole('link')[0]!);

    const detail = await pane(newest.id);
    expect(router.state.location.pathname).toBe(`/conversations/${newest.id}`);
    const terms = within(detail)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual(
      expect.arrayContaining([
        ['Contact', String(newest.contactId)],
        ['Inbox', String(newest.inboxId)],
      ]),
    );
    expect((await messageItems(newest.id)).length).toBeGreaterThan(0);
    // The list stays mounted beside the pane.
    expect(screen.getByRole('list', { name: 'Conversations' })).toBe(list);
  });

  it('opens a deep link to a conversation the list has not loaded, without requesting its fields', async () => {
    const deep = service().dataset.list()[150]!;
    renderApp({ route: `/conversations/${deep.id}` });
    const detail = await pane(deep.id);
    expect(await messageItems(deep.id)).toHaveLength(service().messagesOf(deep.id)!.length);
    expect(
      within(detail).getByText(/Status, contact and inbox are not loaded/),
    ).toBeInTheDocument();
    const paths = new Set(service().requests.map((entry) => entry.path));
    expect([...paths].sort()).toEqual(
      [`/conversations/${deep.id}/messages`, '/conversations/list'].sort(),
    );
  });

  it('fills in the fields when the list loads the deep-linked conversation', async () => {
    const newest = service().dataset.list()[0]!;
    renderApp({ route: `/conversations/${newest.id}` });
    const detail = await pane(newest.id);
    const [term] = await within(detail).findAllByRole('term', {}, { timeout: 5000 });
    expect(term!.parentElement).toHaveTextContent(`Contact${newest.contactId}`);
  });

  it('closes back to the list with the same filters', async () => {
    const id = quietConversationId();
    const { user, router } = renderApp({
      route: `/conversations/${id}?status=open&status=pending`,
    });
    const detail = await pane(id);
    await user.click(within(detail).getByRole('link', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?status=open&status=pending');
    expect(screen.queryByRole('complementary', { name: `Conversation #${id}` })).toBeNull();
  });

  it('pages a long thread like the list', async () => {
    const long = service().dataset.list()[0]!;
    const total = service().messagesOf(long.id)!.length;
    const { user } = renderApp({ route: `/conversations/${long.id}` });
    const first = await messageItems(long.id);
    expect(first.length).toBeLessThan(total);
    await user.click(await screen.findByRole('button', { name: 'Load more messages' }));
    await waitFor(async () => expect(await messageItems(long.id)).toHaveLength(total));
    expect(screen.getByText(`All ${total} messages shown.`)).toBeInTheDocument();
    const requests = service().requests.filter((e) => e.path.endsWith('/messages'));
    expect(requests).toHaveLength(2);
    expect(new URLSearchParams(requests[1]!.query).get('next')).not.toBeNull();
  });

  it('keeps the focus of Load more messages: on the footer while loading, then on the first new message', async () => {
    const long = service().dataset.list()[0]!;
    const { user } = renderApp({ route: `/conversations/${long.id}` });
    const first = await messageItems(long.id);
    const button = await screen.findByRole('button', { name: 'Load more messages' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(async () =>
      expect((await messageItems(long.id)).length).toBeGreaterThan(first.length),
    );
    const items = await messageItems(long.id);
    expect(items[first.length]).toHaveFocus();
  });

  it('asks for the next messages once when Load more and the auto-load fire together', async () => {
    const long = service().dataset.list()[0]!;
    renderApp({ route: `/conversations/${long.id}` });
    await messageItems(long.id);
    const button = await screen.findByRole('button', { name: 'Load more messages' });
    // Two calls in the same tick, as when scrolling reveals the button while it is clicked.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => {
      const pages = service().requests.filter((e) => e.path.endsWith('/messages'));
      expect(pages.length).toBeGreaterThanOrEqual(2);
    });
    const cursors = service()
      .requests.filter((e) => e.path.endsWith('/messages'))
      .map((e) => new URLSearchParams(e.query).get('next'));
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it('shows an error with Retry when the messages fail, and recovers', async () => {
    const id = quietConversationId();
    server.use(
      http.get(
        MESSAGES,
        () =>
          HttpResponse.json(
            { errors: [{ type: 'unavailable', message: 'Messages are resting' }] },
            { status: 503 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp({ route: `/conversations/${id}` });
    const detail = await pane(id);
    const alert = await within(detail).findByRole('alert');
    expect(alert).toHaveTextContent('Messages could not be loaded.');
    expect(alert).toHaveTextContent('Messages are resting');
    // By keyboard: the focus goes to the pane's heading, not to the page's body, as the alert
    // gives way to "Loading messages…" and then the messages.
    within(alert).getByRole('button', { name: 'Retry' }).focus();
    await user.keyboard('{Enter}');
    const heading = within(detail).getByRole('heading', { level: 2 });
    expect(heading).toHaveFocus();
    expect((await messageItems(id)).length).toBeGreaterThan(0);
    expect(within(detail).queryByRole('alert')).toBeNull();
    expect(heading).toHaveFocus();
  });

  it('says so when a conversation has no messages', async () => {
    const id = quietConversationId();
    server.use(http.get(MESSAGES, () => HttpResponse.json({ data: [] })));
    renderApp({ route: `/conversations/${id}` });
    const detail = await pane(id);
    expect(
      await within(detail).findByText('This conversation has no messages.'),
    ).toBeInTheDocument();
  });

  it('renders message text as text, never as HTML, and tolerates unknown fields', async () => {
    const id = quietConversationId();
    const hostile = '<img src=x onerror="window.pwned=1"><b>bold</b>';
    server.use(
      http.get(MESSAGES, () =>
        HttpResponse.json({
          data: [
            { id: 1, body: hostile, sentAt: 1_700_000_000, weird: { nested: [1, 2] } },
            { id: 2, attachments: [{ fileName: 42 }] },
            { id: 3 },
          ],
        }),
      ),
    );
    renderApp({ route: `/conversations/${id}` });
    const detail = await pane(id);
    expect(await within(detail).findByText(hostile)).toBeInTheDocument();
    expect(detail.querySelector('img, b')).toBeNull();
    expect(
      within(detail).getByText(
        /1 attachment could not be shown: the service sent it in an unknown shape/,
      ),
    ).toBeInTheDocument();
    expect(
      within(detail).getByText('This message has no text the viewer can show.'),
    ).toBeInTheDocument();
  });

  it('lists each attachment with its name, media type and a Download button', async () => {
    const id = quietConversationId();
    service().addAttachment(id, { fileName: 'report.pdf', mimeType: 'application/pdf' });
    service().addAttachment(id, { fileName: '../../etc/passwd', mimeType: 'text/plain' });
    renderApp({ route: `/conversations/${id}` });
    const detail = await pane(id);
    const button = await within(detail).findByRole('button', { name: 'Download report.pdf' });
    const item = button.closest('li')!;
    expect(item).toHaveTextContent('report.pdf');
    expect(item).toHaveTextContent('application/pdf');
    // No size before a download has seen one: nothing is requested just for it.
    expect(item).not.toHaveTextContent(/kB|bytes/);
    expect(service().requests.some((entry) => entry.path.startsWith('/attachments/'))).toBe(false);

    const hostile = within(detail).getByRole('button', { name: 'Download ../../etc/passwd' });
    expect(hostile.closest('li')).toHaveTextContent('Saves as “_.._etc_passwd”');
  });

  it('shows a right-to-left override in a file name, so the name cannot pass for another', async () => {
    const id = quietConversationId();
    // Drawn as it came, "rtl\u202Etxt.exe" reads "rtlexe.txt"; it saves as "rtltxt.exe".
    service().addAttachment(id, { fileName: 'rtl\u202Etxt.exe', mimeType: 'text/plain' });
    const { user } = renderApp({ route: `/conversations/${id}` });
    const detail = await pane(id);
    const shown = 'rtl\uFFFDtxt.exe';
    const download = await within(detail).findByRole('button', { name: `Download ${shown}` });
    const item = download.closest('li')!;
    expect(item).toHaveTextContent(shown);
    expect(item).toHaveTextContent('Saves as “rtltxt.exe”');
    expect(item.textContent).not.toContain('\u202E');

    await user.click(within(item).getByRole('button', { name: `View ${shown}` }));
    const viewer = await screen.findByRole('dialog', { name: shown });
    expect(viewer.textContent).not.toContain('\u202E');
  });
});

describe('conversation pane in the agent’s language', () => {
  it('speaks German once German is chosen, its announcements included', async () => {
    const newest = service().dataset.list()[0]!;
    const { user } = renderApp({ route: `/conversations/${newest.id}` });
    await within(await pane(newest.id)).findAllByRole('term', {}, { timeout: 5000 });
    await act(() => activateLanguage(findLanguage('de')!));

    const detail = screen.getByRole('complementary', { name: `Gespräch #${newest.id}` });
    expect(within(detail).getByRole('list', { name: 'Nachrichten' })).toBeInTheDocument();
    expect(
      within(detail)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Status', 'Kontakt', 'Postfach', 'Erstellt', 'Aktualisiert']);
    expect(within(detail).getByRole('button', { name: 'Link kopieren' })).toBeVisible();
    expect(within(detail).getByRole('button', { name: 'Gespräch drucken' })).toBeVisible();
    expect(within(detail).getByRole('link', { name: 'Schließen' })).toBeVisible();
    await user.click(within(detail).getByRole('button', { name: 'Als ungelesen markieren' }));
    expect(liveRegion()).toHaveTextContent(`Gespräch #${newest.id} als ungelesen markiert.`);
  });

  it('in Arabic, keeps the number, ids and the sender’s text in their own direction', async () => {
    const newest = service().dataset.list()[0]!;
    renderApp({ route: `/conversations/${newest.id}` });
    await within(await pane(newest.id)).findAllByRole('term', {}, { timeout: 5000 });
    await act(() => activateLanguage(findLanguage('ar')!));

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const detail = screen.getByRole('complementary', { name: `المحادثة #${newest.id}` });
    const heading = within(detail).getByRole('heading', { level: 2 });
    expect(heading.querySelector('bdi')).toHaveTextContent(`#${newest.id}`);
    expect(within(detail).getByRole('button', { name: 'نسخ الرابط' })).toBeVisible();
    const definitions = within(detail).getAllByRole('definition');
    expect(definitions[1]!.querySelector('bdi')).toHaveTextContent(String(newest.contactId));
    const list = within(detail).getByRole('list', { name: 'الرسائل' });
    for (const text of list.querySelectorAll('.message-text')) {
      expect(text).toHaveAttribute('dir', 'auto');
    }
  });
});
