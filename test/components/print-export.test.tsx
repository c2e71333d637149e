import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { captureSavedFiles, quietConversationId, sentence } from '../support/conversation-pane';
import { server, TEST_SERVICE_URL } from '../support/msw';
import { renderApp } from '../support/render-app';

const MESSAGES = `${TEST_SERVICE_URL}/conversations/:id/messages`;
const PER_PAGE = 3;
const HOSTILE = '# Urgent <script>alert(1)</script> [x](javascript:alert(1))';

/** happy-dom has no print dialog; the tests stand in for it (restored between tests). */
beforeAll(() => {
  if (typeof window.print !== 'function') {
    Object.defineProperty(window, 'print', { configurable: true, writable: true, value: () => {} });
  }
});

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * A thread of `pageCount` pages of three messages, served by page: page n answers once the test
 * opens its gate (if it set one), or fails once (if told to). Message 1 carries hostile text.
 */
function serveThread(pageCount: number) {
  const gates = new Map<number, Gate>();
  const failures = new Set<number>();
  const served: number[] = [];
  server.use(
    http.get(MESSAGES, async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('next') ?? '0');
      await gates.get(page)?.promise;
      if (failures.delete(page)) {
        return HttpResponse.json(
          { errors: [{ type: 'unavailable', message: 'Messages are resting' }] },
          { status: 503 },
        );
      }
      served.push(page);
      const data = Array.from({ length: PER_PAGE }, (_, index) => {
        const number = page * PER_PAGE + index + 1;
        return {
          id: number,
          author: { name: number % 2 ? 'Ada Contact' : 'Bo Agent' },
          text: number === 1 ? HOSTILE : `Message ${number}`,
          createdAt: 1_700_000_000 + number * 60,
        };
      });
      const more = page + 1 < pageCount;
      return HttpResponse.json(
        more ? { data, pagination: { more: true, next: String(page + 1) } } : { data },
      );
    }),
  );
  return {
    served,
    hold(page: number) {
      const held = gate();
      gates.set(page, held);
      return held;
    },
    failOnce(page: number) {
      failures.add(page);
    },
  };
}

async function openPane(id: number) {
  const app = renderApp({ route: `/conversations/${id}` });
  // The pane's code loads on demand: the first test waits for it to be transformed.
  const pane = await screen.findByRole(
    'complementary',
    { name: `Conversation #${id}` },
    { timeout: 5000 },
  );
  await within(pane).findByText('Message 2');
  return { ...app, pane };
}

function shownMessages(pane: HTMLElement): number {
  const list = within(pane).queryByRole('list', { name: 'Messages' });
  return list ? within(list).getAllByRole('listitem').length : 0;
}

describe('export conversation', () => {
  it('loads every page, then saves conversation-{id}.md with every message, escaped', async () => {
    const files = captureSavedFiles();
    const id = quietConversationId();
    serveThread(3);
    const { user, pane } = await openPane(id);
    await user.click(within(pane).getByRole('button', { name: 'Export conversation' }));

    expect(
      await within(pane).findByText(sentence(`Saved conversation-${id}.md to your downloads.`)),
    );
    expect(shownMessages(pane)).toBe(9);
    expect(files.saved).toHaveLength(1);
    const [file] = files.saved;
    expect(file!.download).toBe(`conversation-${id}.md`);
    expect(file!.href).toMatch(/^blob:/);
    expect(file!.blob.type).toBe('text/markdown;charset=utf-8');
    const text = await file!.blob.text();
    expect(text.startsWith(`# Conversation #${id}\n`)).toBe(true);
    expect(text).toContain(
      String.raw`\# Urgent \<script\>alert\(1\)\</script\> \[x\]\(javascript\:alert\(1\)\)`,
    );
    expect(text).not.toContain('<script>');
    expect(text).toContain('### 9. Ada Contact · ');
    expect(text).toContain('Message 9');
    expect(text).toMatch(/Times are in the time zone \S+\./);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('shows the service’s message with Retry when a page fails, keeps what is shown, and Retry saves', async () => {
    const files = captureSavedFiles();
    const id = quietConversationId();
    const thread = serveThread(3);
    const { user, pane } = await openPane(id);
    thread.failOnce(1);
    await user.click(within(pane).getByRole('button', { name: 'Export conversation' }));

    const header = within(pane).getByRole('banner');
    const alert = await within(header).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Not every message could be loaded, so the conversation was not exported.',
    );
    expect(alert).toHaveTextContent('Messages are resting');
    expect(files.saved).toHaveLength(0);
    expect(shownMessages(pane)).toBe(3);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(pane).findByText(sentence(`Saved conversation-${id}.md to your downloads.`)),
    );
    expect(within(header).queryByRole('alert')).toBeNull();
    expect(files.saved).toHaveLength(1);
    expect(await files.saved[0]!.blob.text()).toContain('Message 9');
    expect(thread.served).toEqual([0, 1, 2]);
  });
});

describe('print conversation', () => {
  it('prints once, only after every page is in the pane, however often it is pressed', async () => {
    const id = quietConversationId();
    const thread = serveThread(3);
    const { user, pane } = await openPane(id);
    const shownWhenPrinted: number[] = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      shownWhenPrinted.push(shownMessages(pane));
    });
    const held = thread.hold(2);
    const button = within(pane).getByRole('button', { name: 'Print conversation' });
    await user.click(button);
    expect(
      await within(pane).findByText(
        'Loading every message first: 2 of ? pages, 6 messages so far…',
      ),
    ).toBeVisible();
    await user.click(button);
    expect(print).not.toHaveBeenCalled();

    held.open();
    await waitFor(() => expect(print).toHaveBeenCalled());
    expect(shownWhenPrinted).toEqual([9]);
    expect(within(pane).queryByText(/Loading every message first/)).toBeNull();
    await user.click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(thread.served).toEqual([0, 1, 2]);
  });

  it('Cancel in the middle prints nothing and keeps the page that was on its way', async () => {
    const id = quietConversationId();
    const thread = serveThread(3);
    const { user, pane } = await openPane(id);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const held = thread.hold(1);
    await user.click(within(pane).getByRole('button', { name: 'Print conversation' }));
    const status = await within(pane).findByText(
      'Loading every message first: 1 of ? pages, 3 messages so far…',
    );
    await user.click(
      within(status.parentElement!).getByRole('button', { name: 'Cancel printing' }),
    );
    expect(within(pane).getByText('Printing cancelled.')).toBeVisible();
    expect(within(pane).queryByText(/Loading every message first/)).toBeNull();

    held.open();
    await within(pane).findByText('Message 6');
    expect(shownMessages(pane)).toBe(6);
    expect(within(pane).getByRole('button', { name: 'Load more messages' })).toBeVisible();
    expect(thread.served).toEqual([0, 1]);
    expect(print).not.toHaveBeenCalled();
  });

  it('closing the pane in the middle prints nothing for the conversation that was open', async () => {
    const id = quietConversationId();
    const thread = serveThread(3);
    const { user, pane, router } = await openPane(id);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const held = thread.hold(1);
    await user.click(within(pane).getByRole('button', { name: 'Print conversation' }));
    await within(pane).findByText(/Loading every message first/);
    await user.click(within(pane).getByRole('link', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('complementary', { name: `Conversation #${id}` })).toBeNull();

    held.open();
    // Opened again, the pane shows the page that was on its way, and nothing after it was asked
    // for: the loader stopped with the pane.
    const list = screen.getByRole('list', { name: 'Conversations' });
    const row = within(list)
      .getAllByRole('link')
      .find((link) => link.getAttribute('href')?.startsWith(`/conversations/${id}`));
    await user.click(row!);
    const reopened = await screen.findByRole('complementary', { name: `Conversation #${id}` });
    await within(reopened).findByText('Message 6');
    expect(thread.served).toEqual([0, 1]);
    expect(within(reopened).queryByText(/Loading every message first/)).toBeNull();
    expect(print).not.toHaveBeenCalled();
  });

  it('opening another conversation in the middle saves nothing for the one that was open', async () => {
    const files = captureSavedFiles();
    const id = quietConversationId();
    const thread = serveThread(3);
    const { user, pane } = await openPane(id);
    const held = thread.hold(1);
    await user.click(within(pane).getByRole('button', { name: 'Export conversation' }));
    await within(pane).findByText(/Loading every message first/);
    const list = screen.getByRole('list', { name: 'Conversations' });
    const other = within(list)
      .getAllByRole('link')
      .find((link) => !link.getAttribute('href')?.startsWith(`/conversations/${id}`))!;
    await user.click(other);
    const otherId = Number(other.getAttribute('href')!.split('/').pop());
    const next = await screen.findByRole('complementary', { name: `Conversation #${otherId}` });
    await within(next).findByText('Message 2');

    expect(within(next).queryByText(/Loading every message first/)).toBeNull();
    expect(within(next).getByRole('button', { name: 'Export conversation' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );

    held.open();
    // Back on the first one: the page on its way has landed (so the loader has seen it), and
    // nothing was saved.
    await user.click(
      within(list)
        .getAllByRole('link')
        .find((link) => link.getAttribute('href')?.startsWith(`/conversations/${id}`))!,
    );
    const reopened = await screen.findByRole('complementary', { name: `Conversation #${id}` });
    await within(reopened).findByText('Message 6');
    expect(files.saved).toHaveLength(0);
    expect(files.createObjectURL).not.toHaveBeenCalled();
  });
});
