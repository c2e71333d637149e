import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { loadFinderCode } from '../../src/features/conversations/finder-code';
import { loadPaneCode } from '../../src/app/pane-code';
import { forgetMarks, seenKey } from '../../src/lib/seen-marks';
import { toMillis } from '../../src/lib/time';
import { rows, statusCheckbox } from '../support/queries';
import { renderApp } from '../support/render-app';
import { listRequests, server, service, TEST_SERVICE_URL, useService } from '../support/msw';

const field = () => screen.getByRole('searchbox', { name: 'Find in conversations' });
/** The finder's status line (the app's live region is the other polite status). */
const findStatus = () =>
  screen.findByText(/loaded conversations? match/, { selector: '[role="status"]' });

/** Holds every list request after the first page until the returned function is called. */
function holdLaterPages(): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(`${TEST_SERVICE_URL}/conversations/list`, async ({ request }) => {
      if (new URL(request.url).searchParams.has('next')) await released;
      return undefined;
    }),
  );
  return release;
}

const ids = () =>
  service()
    .dataset.list()
    .map((conversation) => conversation.id);

describe('find in the list', () => {
  it('narrows the loaded rows on every keystroke without a request, and keeps q in the URL', async () => {
    useService({ conversations: 50 });
    await loadFinderCode(loadPaneCode);
    const { user, router } = renderApp();
    await rows();
    const first = service().dataset.list()[0]!;
    const loadedRows = listRequests().length;
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(field()).toHaveFocus();
    await user.keyboard(`contact:${first.contactId}`);
    const expected = service()
      .dataset.list()
      .slice(0, 50)
      .filter((c) => c.contactId === first.contactId);
    expect(await findStatus()).toHaveTextContent(
      `${expected.length} of 50 loaded conversations ${expected.length === 1 ? 'matches' : 'match'}`,
    );
    const shown = (await rows()).map((row) => row.getAttribute('data-conversation-id'));
    expect(shown).toEqual(expected.map((c) => String(c.id)));
    expect(listRequests()).toHaveLength(loadedRows);
    // The URL follows once typing pauses, replacing the entry; the row links keep the query.
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe(
        `contact:${first.contactId}`,
      ),
    );
    expect((await rows())[0]).toHaveAttribute(
      'href',
      `/conversations/${first.id}?q=contact%3A${first.contactId}`,
    );
  });

  it('names a word it does not understand, ignores it, and loses nothing shown', async () => {
    await loadFinderCode(loadPaneCode);
    const { user } = renderApp({ route: '/?q=open' });
    expect(await findStatus()).toBeInTheDocument();
    const before = (await rows()).length;
    await user.click(field());
    await user.keyboard(' contact:abc');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(/Not understood: “contact:abc” \(ignored\)\./);
    expect(field()).toHaveAccessibleDescription(/contact:871, inbox:4/);
    expect(await rows()).toHaveLength(before);
    for (const row of await rows()) expect(row).toHaveTextContent('Open');
  });

  it('Esc in the field clears the query and goes back to the list; / finds', async () => {
    await loadFinderCode(loadPaneCode);
    const { user, router } = renderApp({ route: '/?q=482' });
    await findStatus();
    await user.keyboard('/');
    expect(field()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(field()).toHaveValue('');
    expect(router.state.location.search).toBe('');
    expect((await rows())[0]).toHaveFocus();
    expect(screen.queryByText(/loaded conversations match/)).not.toBeInTheDocument();
  });

  it('a query typed while pages arrive counts them as they land, each row once', async () => {
    useService({ conversations: 300 });
    await loadFinderCode(loadPaneCode);
    const release = holdLaterPages();
    const { user } = renderApp();
    await rows();
    await user.click(field());
    await user.keyboard('open');
    expect(await findStatus()).toHaveTextContent(/of 50 loaded/);
    // Load more while narrowed (Keep looking goes through the same paging).
    await user.click(screen.getByRole('button', { name: 'Keep looking' }));
    expect(await screen.findByText(/Looked through 50 conversations…/)).toBeInTheDocument();
    release();
    expect(
      await screen.findByText(/Looked through all 300 conversations of this filter\./),
    ).toBeInTheDocument();
    const open = service()
      .dataset.list()
      .filter((c) => c.status === 'open');
    expect(await findStatus()).toHaveTextContent(`${open.length} of 300 loaded`);
    const cursors = listRequests().map((params) => params.get('next'));
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it('a row opened before the typed query reaches the URL stays open, the query with it', async () => {
    useService({ conversations: 50 });
    await loadFinderCode(loadPaneCode);
    const { user, router } = renderApp();
    await rows();
    const first = service().dataset.list()[0]!;
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.keyboard(`contact:${first.contactId}`);
    // Within the pause after which the query is written to the URL.
    const [row] = await rows();
    await user.click(row!);
    const opened = `/conversations/${first.id}`;
    await waitFor(() => expect(router.state.location.pathname).toBe(opened));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe(
        `contact:${first.contactId}`,
      ),
    );
    expect(router.state.location.pathname).toBe(opened);
  });

  it('a pane closed before the typed query reaches the URL stays closed', async () => {
    useService({ conversations: 50 });
    await loadFinderCode(loadPaneCode);
    const first = service().dataset.list()[0]!;
    const { user, router } = renderApp({ route: `/conversations/${first.id}` });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.type(field(), `contact:${first.contactId}`);
    await user.click(screen.getByRole('link', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe(
        `contact:${first.contactId}`,
      ),
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it('changing the status filter keeps the query and narrows the new list', async () => {
    await loadFinderCode(loadPaneCode);
    const { user, router } = renderApp({ route: '/?q=pending' });
    expect(await findStatus()).toBeInTheDocument();
    await user.click(statusCheckbox('Closed'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('status')).toEqual([
        'closed',
      ]),
    );
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('pending');
    expect(field()).toHaveValue('pending');
    // Closed conversations that are pending: none, and the offer to keep looking.
    expect(
      await screen.findByText('No loaded conversation matches “pending”.', { exact: false }),
    ).toBeInTheDocument();
    expect(await findStatus()).toHaveTextContent('0 of 50 loaded conversations match');
    expect(screen.queryByText('No conversations match these filters.')).not.toBeInTheDocument();
  });

  it('Keep looking for one exact id stops as soon as it is loaded', async () => {
    useService({ conversations: 600 });
    await loadFinderCode(loadPaneCode);
    const target = ids()[180]!;
    const { user } = renderApp({ route: `/?q=%23${target}` });
    expect(await findStatus()).toHaveTextContent('0 of 50 loaded conversations match');
    await user.click(screen.getByRole('button', { name: 'Keep looking' }));
    expect(await screen.findByText(`Found #${target}.`, { exact: false })).toBeInTheDocument();
    expect(await findStatus()).toHaveTextContent('1 of 200 loaded conversations match');
    // Row 181 is on the fourth page: no page after it was asked for.
    expect(listRequests()).toHaveLength(4);
  });

  it('Keep looking stops on a failed page with Retry, then goes on from there', async () => {
    useService({ conversations: 300 });
    await loadFinderCode(loadPaneCode);
    let fail = true;
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, ({ request }) => {
        const asked = listRequests().length;
        if (!fail || !new URL(request.url).searchParams.has('next') || asked < 3) return undefined;
        fail = false;
        return HttpResponse.json(
          { errors: [{ type: 'server_error', message: 'Busy' }] },
          { status: 503, headers: { 'Retry-After': '1' } },
        );
      }),
    );
    const { user } = renderApp({ route: '/?q=%23999999' });
    await findStatus();
    await user.click(screen.getByRole('button', { name: 'Keep looking' }));
    const stopped = (await screen.findByText(/Keep looking stopped/)).closest<HTMLElement>(
      '[role="alert"]',
    );
    expect(stopped).not.toBeNull();
    // Cancel, which had the focus, is gone: Retry takes it.
    await waitFor(() =>
      expect(within(stopped!).getByRole('button', { name: 'Retry' })).toHaveFocus(),
    );
    // Every row loaded before the failure is still there.
    expect(await findStatus()).toHaveTextContent('of 150 loaded');
    await user.click(within(stopped!).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('#999999 was not found in the 300 conversations of this filter.', {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  it('Cancel stops asking for pages; a page already on its way still lands, and the button, which offers Keep looking again, keeps the focus', async () => {
    useService({ conversations: 600 });
    await loadFinderCode(loadPaneCode);
    const release = holdLaterPages();
    const { user } = renderApp({ route: '/?q=%23999999' });
    await findStatus();
    await user.click(screen.getByRole('button', { name: 'Keep looking' }));
    await screen.findByText(/Looked through 50 conversations…/);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    release();
    expect(
      await screen.findByText(/Stopped after looking through 100 conversations\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep looking' })).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listRequests()).toHaveLength(2);
  });

  it('the pane’s "Find it in the list" starts Keep looking once; the entry forgets it', async () => {
    useService({ conversations: 400 });
    await loadFinderCode(loadPaneCode);
    const target = ids()[160]!;
    const { router } = renderApp({
      route: {
        pathname: `/conversations/${target}`,
        search: `?q=%23${target}`,
        state: { keepLooking: true },
      },
    });
    expect(await screen.findByText(`Found #${target}.`, { exact: false })).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.search).toBe(`?q=%23${target}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(listRequests()).toHaveLength(4);
  });

  it('the pane’s "Find it in the list" hands focus to the row it found in the list (the link goes)', async () => {
    useService({ conversations: 400 });
    await loadFinderCode(loadPaneCode);
    const target = ids()[160]!;
    // Earlier on the page, marked up as a row of a list: not the list's row.
    const elsewhere = document.createElement('div');
    elsewhere.className = 'conversation-scroller';
    const other = document.createElement('a');
    other.href = '#';
    other.dataset.conversationId = String(target);
    other.textContent = 'Somewhere else';
    elsewhere.append(other);
    document.body.prepend(elsewhere);
    try {
      const { user } = renderApp({ route: `/conversations/${target}` });
      const pane = await screen.findByRole('complementary', { name: `Conversation #${target}` });
      await user.click(within(pane).getByRole('link', { name: 'Find it in the list' }));
      expect(await screen.findByText(`Found #${target}.`, { exact: false })).toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Conversations' });
      await waitFor(() =>
        expect(
          within(list).getByRole('link', { name: new RegExp(`^#${target}\\b`) }),
        ).toHaveFocus(),
      );
    } finally {
      elsewhere.remove();
    }
  });

  it('a search whose button goes when it ends leaves focus on what it says', async () => {
    useService({ conversations: 120 });
    await loadFinderCode(loadPaneCode);
    const { user } = renderApp({ route: '/?q=%23999999' });
    await findStatus();
    await user.click(screen.getByRole('button', { name: 'Keep looking' }));
    const status = await screen.findByText(/was not found in the 120 conversations/, {
      selector: '[role="status"]',
    });
    expect(screen.queryByRole('button', { name: /Keep looking|Cancel/ })).toBeNull();
    await waitFor(() => expect(status).toHaveFocus());
  });

  it('without that state the list does not page on by itself (a reload of that entry)', async () => {
    useService({ conversations: 400 });
    await loadFinderCode(loadPaneCode);
    const target = ids()[160]!;
    renderApp({ route: `/conversations/${target}?q=%23${target}` });
    expect(await findStatus()).toHaveTextContent('0 of 50 loaded');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(listRequests()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Keep looking' })).toBeInTheDocument();
  });

  it('Unread only narrows to the conversations new to this agent, with the query, and lives in the URL', async () => {
    useService({ conversations: 50 });
    await loadFinderCode(loadPaneCode);
    const list = service().dataset.list();
    // Seen up to the 11th row's time: the ten newer ones are New, except the first, opened since.
    forgetMarks(TEST_SERVICE_URL);
    localStorage.setItem(
      seenKey(TEST_SERVICE_URL),
      JSON.stringify({ since: toMillis(list[10]!.updatedAt), seen: [[list[0]!.id, Date.now()]] }),
    );
    const { user, router } = renderApp({ route: '/?unread=1' });
    const unread = screen.getByRole('checkbox', { name: 'Unread only' });
    expect(unread).toBeChecked();
    expect(await findStatus()).toHaveTextContent('9 of 50 loaded conversations match');
    const shown = (await rows()).map((row) => Number(row.getAttribute('data-conversation-id')));
    expect(shown).toEqual(list.slice(1, 10).map((c) => c.id));

    // With a query both must hold: a loaded conversation that is not new is not shown.
    const old = `#${list[20]!.id}`;
    await user.click(field());
    await user.keyboard(old);
    expect(
      await screen.findByText(`No loaded conversation new to you matches “${old}”.`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(unread);
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.queryByText(/loaded conversations match/)).toBeNull());
    expect(await rows()).not.toHaveLength(9);
  });

  it('a query with "yesterday" kept in the box past midnight follows the date', async () => {
    await loadFinderCode(loadPaneCode);
    // The agent's clock (the browser's zone): a minute before midnight.
    const noon = (day: number) => new Date(2026, 10, day, 12).getTime() / 1000;
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'Date'],
      now: new Date(2026, 10, 20, 23, 59),
    });
    try {
      server.use(
        http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
          HttpResponse.json({
            data: [
              {
                id: 20,
                status: 'open',
                contactId: 1,
                inboxId: 2,
                createdAt: 1,
                updatedAt: noon(20),
              },
              {
                id: 19,
                status: 'open',
                contactId: 1,
                inboxId: 2,
                createdAt: 1,
                updatedAt: noon(19),
              },
            ],
          }),
        ),
      );
      renderApp({ route: '/?q=yesterday' });
      await waitFor(async () => expect(await shownIds()).toEqual([19]));

      // Past midnight, the same query means the 20th.
      await act(async () => {
        vi.advanceTimersByTime(90_000);
      });
      await waitFor(async () => expect(await shownIds()).toEqual([20]));
    } finally {
      vi.useRealTimers();
    }
  });
});

async function shownIds() {
  return (await rows()).map((row) => Number(row.getAttribute('data-conversation-id')));
}
