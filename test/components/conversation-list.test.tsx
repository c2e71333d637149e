import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app';
import { startFirstPage } from '../../src/boot/first-page';
import { createHandOver } from '../../src/boot/hand-over';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import {
  listRequests,
  server,
  service,
  TEST_SERVICE_URL,
  TEST_TOKEN,
  useService,
} from '../support/msw';

/** Scrolling is not simulated here; the Load more fallback pages on. */
async function loadUntil(user: ReturnType<typeof renderApp>['user'], endText: string) {
  for (;;) {
    const end = screen.queryByText(endText);
    if (end) return end;
    const more = await screen.findByRole('button', { name: /Load more|Retry/ }).catch(() => null);
    if (more) await user.click(more);
  }
}

async function conversationRows() {
  const list = await screen.findByRole('list', { name: 'Conversations' });
  return within(list).getAllByRole('link');
}

describe('conversation list', () => {
  it('shows the first page newest-updated first, each row linking to its conversation', async () => {
    renderApp();
    const rows = await conversationRows();
    const newest = service().dataset.list()[0]!;
    expect(rows[0]).toHaveAttribute('href', `/conversations/${newest.id}`);
    expect(rows[0]).toHaveTextContent(`#${newest.id}`);
    expect(rows[0]).toHaveTextContent(`Contact ${newest.contactId}`);
    expect(rows[0]).toHaveTextContent(`Inbox ${newest.inboxId}`);
    const time = rows[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('data-exact');
    expect(time.dateTime).toBe(new Date(newest.updatedAt * 1000).toISOString());
  });

  it('pages to the end following the cursor, with pages whose sizes differ from the limit', async () => {
    useService({ conversations: 237 });
    const { user } = renderApp();
    await conversationRows();
    expect(await loadUntil(user, 'All 237 conversations loaded')).toBeInTheDocument();
    const requests = listRequests();
    expect(requests[0]!.get('next')).toBeNull();
    expect(requests.length).toBeGreaterThan(1);
    for (const params of requests) expect(params.get('limit')).toBe('50');
    // Each cursor is passed back exactly once.
    const cursors = requests.slice(1).map((params) => params.get('next'));
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it('keeps the keyboard on the footer’s button while the next page loads, and after it', async () => {
    let answer: () => void = () => {};
    let asked = 0;
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, async ({ request }) => {
        if (!new URL(request.url).searchParams.has('next')) return undefined;
        asked += 1;
        await new Promise<void>((resolve) => (answer = resolve));
        return undefined;
      }),
    );
    renderApp();
    await conversationRows();
    // Here every row is "in view" (nothing is laid out), so the next page is asked for at once.
    const footer = await screen.findByRole('button', { name: 'Loading more conversations…' });
    footer.focus();
    expect(footer).toHaveAttribute('aria-disabled', 'true');
    answer();
    // The second page landed: the same button offers the next, the keyboard still on it (not on
    // the page's body).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBe(footer));
    expect(footer).toHaveFocus();
    expect(asked).toBe(1);
  });

  /** What src/boot/main.ts hands to the app: the start-up request for the URL's filters. */
  function startUp(search: string) {
    const handOver = createHandOver();
    handOver.firstPage = startFirstPage(
      { serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN },
      search,
      Promise.resolve(DEFAULT_CONFIG),
    );
    return handOver;
  }

  it('uses the first page requested at start-up instead of asking again', async () => {
    renderApp({ handOver: startUp('') });
    await conversationRows();
    expect(listRequests().filter((params) => params.get('next') === null)).toHaveLength(1);
  });

  it('starts with rows, not a skeleton, when the start-up page has already arrived', async () => {
    const handOver = startUp('');
    const newest = (await handOver.firstPage!.request).data[0]!;
    renderApp({ handOver });
    // No waiting: the very first render has the rows.
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent(`#${newest.id}`);
    expect(listRequests().filter((params) => params.get('next') === null)).toHaveLength(1);
  });

  it("shows the start-up request failing, and Retry asks again under the list's policy", async () => {
    let calls = 0;
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
        ++calls === 1
          ? HttpResponse.json({ errors: [{ message: 'Down for a moment' }] }, { status: 500 })
          : undefined,
      ),
    );
    const { user } = renderApp({ handOver: startUp('') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Conversations could not be loaded.');
    // The list took the failed start-up request over instead of asking again at once.
    expect(calls).toBe(1);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await conversationRows();
  });

  it('ignores a start-up page requested for other filters', async () => {
    renderApp({ route: '/?status=open', handOver: startUp('?status=closed') });
    await conversationRows();
    const firstPages = listRequests().filter((params) => params.get('next') === null);
    expect(firstPages.map((params) => params.getAll('statusId').join()).sort()).toEqual(['1', '2']);
  });

  it('says so when no conversation matches', async () => {
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, () => HttpResponse.json({ data: [] })),
    );
    renderApp();
    expect(await screen.findByText('No conversations match these filters.')).toBeInTheDocument();
  });

  it('renders an unknown status text as it came', async () => {
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
        HttpResponse.json({
          data: [
            { id: 7, status: 'snoozed', contactId: 1, inboxId: 2, createdAt: 1, updatedAt: 2 },
          ],
        }),
      ),
    );
    renderApp();
    const [row] = await conversationRows();
    expect(row).toHaveTextContent('snoozed');
  });

  it('reads millisecond timestamps as well as seconds', async () => {
    const ms = Date.UTC(2026, 0, 2, 3, 4, 5);
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
        HttpResponse.json({
          data: [{ id: 8, status: 'open', contactId: 1, inboxId: 2, createdAt: ms, updatedAt: ms }],
        }),
      ),
    );
    renderApp();
    const [row] = await conversationRows();
    expect(row!.querySelector('time')!.dateTime).toBe('2026-01-02T03:04:05.000Z');
  });

  it('shows a failed first page with the service message, its parameter and Retry', async () => {
    server.use(
      http.get(
        `${TEST_SERVICE_URL}/conversations/list`,
        () =>
          HttpResponse.json(
            {
              errors: [{ type: 'validation_error', message: 'limit is too large', param: 'limit' }],
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('limit is too large (parameter: limit)');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await conversationRows()).not.toHaveLength(0);
  });

  it('keeps every row when a later page fails, and resumes from the same cursor on Retry', async () => {
    useService({ conversations: 120 });
    let failedCursor: string | null = null;
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, ({ request }) => {
        failedCursor = new URL(request.url).searchParams.get('next');
        if (failedCursor === null) return undefined;
        return HttpResponse.json(
          { errors: [{ type: 'server_error', message: 'The service is unavailable' }] },
          { status: 503 },
        );
      }),
    );
    const { user } = renderApp();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is unavailable');
    const shown = await conversationRows();
    expect(shown.length).toBeGreaterThan(0);

    expect(failedCursor).not.toBeNull();
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(listRequests().map((params) => params.get('next'))).toContain(failedCursor),
    );
    expect(await loadUntil(user, 'All 120 conversations loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stops with a clear message instead of looping when the service repeats a cursor', async () => {
    useService({ conversations: 400, repeatCursor: 2 });
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'the service sent a page cursor it had already sent',
    );
    const requests = listRequests();
    expect(requests.length).toBeLessThan(5);
  });

  it('rejects a malformed answer with a clear message', async () => {
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
        HttpResponse.json({ data: [{ id: 'x' }] }),
      ),
    );
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent('unexpected shape');
  });

  it('rejects a body that is not JSON', async () => {
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
        HttpResponse.text('<html>oops</html>'),
      ),
    );
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent('not valid JSON');
  });
});

describe('status filter', () => {
  it('sends each checked status as a repeated statusId and starts from the first page', async () => {
    const { user, router } = renderApp();
    await conversationRows();
    const group = screen.getByRole('group', { name: 'Status' });
    await user.click(within(group).getByRole('checkbox', { name: 'Open' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Pending' }));

    await waitFor(() => {
      const filtered = listRequests().filter((p) => p.getAll('statusId').join() === '1,3');
      expect(filtered[0]?.get('next')).toBeNull();
    });
    expect(router.state.location.search).toBe('?status=open&status=pending');
    const rows = await conversationRows();
    for (const row of rows) expect(row).toHaveTextContent(/Open|Pending/);
  });

  it('keeps the first box checked when a second is checked before the first change is drawn', async () => {
    const { router } = renderApp();
    await conversationRows();
    const group = screen.getByRole('group', { name: 'Status' });
    // Both clicks before React renders either: a slow CPU still rendering the first change.
    act(() => {
      within(group).getByRole('checkbox', { name: 'Open' }).click();
      within(group).getByRole('checkbox', { name: 'Pending' }).click();
    });
    await waitFor(() => expect(router.state.location.search).toBe('?status=open&status=pending'));
    expect(within(group).getByRole('checkbox', { name: 'Open' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Pending' })).toBeChecked();
  });

  it('keeps the status box when Unread only is checked before the status change is drawn', async () => {
    const { router } = renderApp();
    await conversationRows();
    act(() => {
      within(screen.getByRole('group', { name: 'Status' }))
        .getByRole('checkbox', { name: 'Open' })
        .click();
      screen.getByRole('checkbox', { name: 'Unread only' }).click();
    });
    await waitFor(() => expect(router.state.location.search).toBe('?status=open&unread=1'));
  });

  it('starts a change from a row opened meanwhile, not from a box the agent no longer sees', async () => {
    const { router } = renderApp();
    const [row] = await conversationRows();
    const group = screen.getByRole('group', { name: 'Status' });
    // Open checked, then a row (its link made from the query drawn) opened before either is drawn.
    act(() => {
      within(group).getByRole('checkbox', { name: 'Open' }).click();
      row!.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/conversations\//));
    expect(within(group).getByRole('checkbox', { name: 'Open' })).not.toBeChecked();
    act(() => within(group).getByRole('checkbox', { name: 'Pending' }).click());
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    expect(within(group).getByRole('checkbox', { name: 'Open' })).not.toBeChecked();
  });

  it('restores the filter from the URL', async () => {
    renderApp({ route: '/?status=closed' });
    await conversationRows();
    const group = screen.getByRole('group', { name: 'Status' });
    expect(within(group).getByRole('checkbox', { name: 'Closed' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Open' })).not.toBeChecked();
    expect(listRequests()[0]!.getAll('statusId')).toEqual(['2']);
  });

  it('ignores an unknown status in the URL with a notice', async () => {
    renderApp({ route: '/?status=open&status=bogus' });
    await conversationRows();
    expect(screen.getByText(/Ignored an unknown status in the link: “bogus”/)).toBeInTheDocument();
    expect(listRequests()[0]!.getAll('statusId')).toEqual(['1']);
  });
});
