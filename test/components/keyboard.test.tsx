import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { liveRegion, rows } from '../support/queries';
import { renderApp } from '../support/render-app';
import { listRequests, server, service, TEST_SERVICE_URL, useService } from '../support/msw';

function conversationIds() {
  return service()
    .dataset.list()
    .map((conversation) => conversation.id);
}

function announcedCount(): number | undefined {
  const match = /^(\d+) conversations loaded/.exec(liveRegion().textContent ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Waits until the list has stopped loading pages, and says how many rows it holds. */
async function settledRowCount(): Promise<number> {
  for (;;) {
    const count = announcedCount();
    const requests = listRequests().length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (count !== undefined && count === announcedCount() && requests === listRequests().length) {
      return count;
    }
  }
}

/** Rows the list holds, loaded or not rendered (the virtualizer sizes the list 64 px a row). */
function loadedRowCount(): number {
  const list = screen.getByRole('list', { name: 'Conversations' });
  return Math.round(parseFloat(list.style.height) / 64);
}

/** Holds every list request after the first page until the returned function is called. */
function holdLaterPages(): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(`${TEST_SERVICE_URL}/conversations/list`, async ({ request }) => {
      if (new URL(request.url).searchParams.has('next')) await released;
      return undefined; // on to the service double
    }),
  );
  return release;
}

afterEach(() => {
  document.querySelectorAll('dialog').forEach((dialog) => dialog.close());
});

describe('keyboard: moving the selection', () => {
  it('j and ↓ select the next conversation, k and ↑ the previous one, focusing its row', async () => {
    const { user } = renderApp();
    const links = await rows();
    const ids = conversationIds();
    await user.keyboard('j');
    expect(links[0]).toHaveFocus();
    expect(links[0]).toHaveTextContent(`#${ids[0]}`);
    await user.keyboard('j');
    expect((await rows())[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect((await rows())[2]).toHaveFocus();
    await user.keyboard('k');
    expect((await rows())[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect((await rows())[0]).toHaveFocus();
    // Selecting is not opening: the pane stays closed and aria-current is for the open one only.
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect((await rows())[0]).not.toHaveAttribute('aria-current');
  });

  it('stays on the first conversation when k is pressed at the top', async () => {
    const { user } = renderApp();
    const links = await rows();
    await user.keyboard('jkkk');
    expect(links[0]).toHaveFocus();
  });

  it('goes on from the row that has focus (Tab or a click)', async () => {
    const { user } = renderApp();
    const links = await rows();
    links[4]!.focus();
    await user.keyboard('j');
    expect((await rows())[5]).toHaveFocus();
  });

  it('crosses a page boundary: on the last loaded row, j waits for the next page, then moves onto its first row', async () => {
    useService({ conversations: 400 });
    const release = holdLaterPages();
    try {
      const { user, router } = renderApp();
      await rows();
      const ids = conversationIds();
      const loaded = loadedRowCount();
      expect(loaded).toBeLessThan(ids.length);
      await user.keyboard('j'.repeat(loaded + 1));
      expect(router.state.location.pathname).toBe('/');

      release();
      await waitFor(() => expect(loadedRowCount()).toBeGreaterThan(loaded));
      await user.keyboard('o');
      expect(router.state.location.pathname).toBe(`/conversations/${ids[loaded]}`);
    } finally {
      release();
    }
  });

  it('on the last loaded row, j asks for the next page itself when nothing is on its way', async () => {
    useService({ conversations: 400 });
    // The next page fails first, so neither the list nor its read-ahead has one in flight.
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, ({ request }) =>
        new URL(request.url).searchParams.has('next')
          ? HttpResponse.json(
              { errors: [{ type: 'server_error', message: 'Try again' }] },
              { status: 503 },
            )
          : undefined,
      ),
    );
    const { user, router } = renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The next conversations could not be loaded.',
    );
    server.resetHandlers();
    const ids = conversationIds();
    const loaded = loadedRowCount();
    expect(listRequests()).toHaveLength(1);

    // Moving within the loaded rows asks the service for nothing…
    await user.keyboard('j'.repeat(loaded));
    expect(listRequests()).toHaveLength(1);
    // …one more j asks for the next page and moves onto its first row.
    await user.keyboard('j');
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(1));
    expect(listRequests()[1]!.get('next')).not.toBeNull();
    await waitFor(() => expect(loadedRowCount()).toBeGreaterThan(loaded));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.keyboard('o');
    expect(router.state.location.pathname).toBe(`/conversations/${ids[loaded]}`);
  });

  it('does not ask for more at the end of a list that has no next page', async () => {
    useService({ conversations: 12 });
    const { user } = renderApp();
    const links = await rows();
    expect(links).toHaveLength(12);
    expect(await settledRowCount()).toBe(12);
    const before = listRequests().length;
    await user.keyboard('j'.repeat(15));
    expect(links[11]).toHaveFocus();
    expect(listRequests()).toHaveLength(before);
  });
});

describe('keyboard: opening and closing', () => {
  it('o opens the selected conversation, keeping the filters, and focus moves to its heading', async () => {
    const { user, router } = renderApp({ route: '/?status=open' });
    const links = await rows();
    const id = links[1]!.getAttribute('data-conversation-id');
    await user.keyboard('jjo');
    expect(router.state.location.pathname).toBe(`/conversations/${id}`);
    expect(router.state.location.search).toBe('?status=open');
    const heading = await screen.findByRole('heading', { name: `Conversation #${id}` });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('Enter opens the selected conversation', async () => {
    const { user, router } = renderApp();
    const links = await rows();
    const id = links[0]!.getAttribute('data-conversation-id');
    await user.keyboard('j{Enter}');
    expect(router.state.location.pathname).toBe(`/conversations/${id}`);
    expect(await screen.findByRole('heading', { name: `Conversation #${id}` })).toBeVisible();
  });

  it('o with nothing selected opens nothing', async () => {
    const { user, router } = renderApp();
    await rows();
    await user.keyboard('o');
    expect(router.state.location.pathname).toBe('/');
  });

  it('Esc closes the pane, keeps the filters and gives focus back to that row', async () => {
    const { user, router } = renderApp({ route: '/?status=pending' });
    const links = await rows();
    const id = links[2]!.getAttribute('data-conversation-id');
    await user.keyboard('jjjo');
    const heading = await screen.findByRole('heading', { name: `Conversation #${id}` });
    await waitFor(() => expect(heading).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?status=pending');
    expect(screen.queryByRole('heading', { name: `Conversation #${id}` })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Conversations' })).getByRole('link', {
          name: new RegExp(`#${id}`),
        }),
      ).toHaveFocus(),
    );
    // j goes on from the conversation that was open.
    await user.keyboard('j');
    expect((await rows())[3]).toHaveFocus();
  });

  it('Esc with no conversation open changes nothing', async () => {
    const { user, router } = renderApp({ route: '/?status=open' });
    await rows();
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?status=open');
  });
});

describe('keyboard: the help dialog', () => {
  it('? opens "Keyboard shortcuts" listing every shortcut; Close shuts it and focus returns', async () => {
    const { user } = renderApp();
    const links = await rows();
    await user.keyboard('j');
    expect(links[0]).toHaveFocus();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const key of ['j', '↓', 'k', '↑', 'Enter', 'o', 'Esc', 'g', '?']) {
      // Esc is listed twice: for the pane and for the attachment viewer.
      expect(within(dialog).getAllByText(key, { selector: 'kbd' })[0]).toBeInTheDocument();
    }
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    // Shortcuts are off inside the dialog.
    await user.keyboard('j');
    expect(close).toHaveFocus();

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(links[0]).toHaveFocus();
  });

  it('lists the viewer’s arrows in the order they act: ← or → in English, → or ← in Arabic', async () => {
    const { user } = renderApp();
    await rows();
    const viewerArrows = async (title: string) => {
      await user.keyboard('?');
      const dialog = await screen.findByRole('dialog', { name: title });
      const pair = within(dialog).getAllByText(/^[←→]$/, { selector: 'kbd' });
      const keys = pair.map((key) => key.textContent);
      await user.keyboard('{Escape}');
      return keys;
    };
    expect(await viewerArrows('Keyboard shortcuts')).toEqual(['←', '→']);
    // In Arabic → goes back (Previous sits at the right) and the pair is read from the right.
    await act(() => activateLanguage(findLanguage('ar')!));
    expect(await viewerArrows('اختصارات لوحة المفاتيح')).toEqual(['→', '←']);
  });

  it('Esc closes the help dialog without closing the pane', async () => {
    const { user, router } = renderApp();
    const links = await rows();
    const id = links[0]!.getAttribute('data-conversation-id');
    await user.keyboard('jo');
    const heading = await screen.findByRole('heading', { name: `Conversation #${id}` });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.keyboard('?');
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/conversations/${id}`);
    expect(heading).toHaveFocus();
  });
});

describe('keyboard: the help while the list cannot load', () => {
  it('? still lists the shortcuts when the first page failed, and Retry is focusable after', async () => {
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
        HttpResponse.json({ message: 'Service down for maintenance' }, { status: 500 }),
      ),
    );
    const { user } = renderApp();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    retry.focus();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(retry).toHaveFocus();
  });

  it('? pressed twice shows one dialog', async () => {
    const { user } = renderApp();
    await rows();
    await user.keyboard('?');
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    // Inside the dialog shortcuts are off; from the page a second ? keeps the one dialog.
    document.body.focus();
    await user.keyboard('?');
    expect(screen.getAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(1);
  });
});

describe('keyboard: typing and modifiers', () => {
  it('ignores shortcuts while typing in a field', async () => {
    const { user, router } = renderApp();
    await rows();
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Notes');
    document.body.append(field);
    try {
      await user.click(screen.getByRole('textbox', { name: 'Notes' }));
      await user.keyboard('jko?');
      expect(field).toHaveValue('jko?');
      expect(field).toHaveFocus();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    } finally {
      field.remove();
    }
  });

  it('ignores shortcuts pressed with Ctrl, Meta or Alt', async () => {
    const { user } = renderApp();
    const links = await rows();
    await user.keyboard('{Control>}j{/Control}{Meta>}j{/Meta}{Alt>}j{/Alt}');
    for (const link of links) expect(link).not.toHaveFocus();
    await user.keyboard('j');
    expect(links[0]).toHaveFocus();
  });
});
