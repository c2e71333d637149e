import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetMarks, seenKey } from '../../src/lib/seen-marks';
import { service, TEST_SERVICE_URL } from '../support/msw';
import { renderApp } from '../support/render-app';
import { loadFreshNews } from '../support/fresh-news';

// The list's freshness is here from the first render (the app fetches it when the list is idle).
beforeAll(loadFreshNews);

const KEY = seenKey(TEST_SERVICE_URL);
/** A service time (seconds) after this browser's first sign-in: the double's own clock is 2025. */
const afterSignIn = () => Math.floor(Date.now() / 1000) + 60;

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('link');
const row = (id: number) =>
  within(screen.getByRole('list', { name: 'Conversations' })).getByRole('link', {
    name: new RegExp(`^#${id}\\b`),
  });

beforeEach(() => {
  // The store keeps the marks in memory too: each test starts on a browser that never signed in.
  forgetMarks(TEST_SERVICE_URL);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'hidden');
});

describe('new to you', () => {
  it('a first sign-in marks nothing of the backlog', async () => {
    renderApp();
    const links = await rows();
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link).not.toHaveAccessibleName(/\bNew\b/);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      since: expect.any(Number) as number,
      seen: [],
    });
  });

  it('a conversation updated after the first sign-in is bold with a New badge in its accessible name', async () => {
    const [first, second] = service().dataset.list();
    // This browser signed in before (the baseline is stored), then these two were updated.
    localStorage.setItem(KEY, JSON.stringify({ since: Date.now(), seen: [] }));
    service().dataset.touch(first!.id, afterSignIn());
    service().dataset.touch(second!.id, afterSignIn() + 1);
    renderApp();
    await rows();
    for (const id of [first!.id, second!.id]) {
      expect(row(id)).toHaveAccessibleName(new RegExp(`^#${id} New `));
      expect(row(id)).toHaveClass('row-new');
      expect(within(row(id)).getByText('New')).toBeVisible();
    }
    const third = service().dataset.list()[2]!;
    expect(row(third.id)).not.toHaveAccessibleName(/\bNew\b/);
    expect(row(third.id)).not.toHaveClass('row-new');
  });

  it('opening clears the mark; Mark as unread puts it back while the pane stays open; opening again clears it', async () => {
    localStorage.setItem(KEY, JSON.stringify({ since: Date.now(), seen: [] }));
    const id = service().dataset.list()[3]!.id;
    service().dataset.touch(id, afterSignIn());
    const { user } = renderApp();
    await rows();
    expect(row(id)).toHaveAccessibleName(/New/);

    await user.click(row(id));
    const pane = await screen.findByRole('complementary', { name: `Conversation #${id}` });
    await waitFor(() => expect(row(id)).not.toHaveAccessibleName(/New/));
    const stored = JSON.parse(localStorage.getItem(KEY)!) as { seen: [number, number][] };
    // Recorded as seen up to at least its own updatedAt (the service's clock may be ahead).
    expect(stored.seen).toEqual([[id, expect.any(Number) as number]]);
    expect(stored.seen[0]![1]).toBeGreaterThanOrEqual(afterSignIn() * 1000 - 60_000);

    await user.click(within(pane).getByRole('button', { name: 'Mark as unread' }));
    expect(row(id)).toHaveAccessibleName(/New/);
    expect(document.getElementById('live-region')).toHaveTextContent(
      `Conversation #${id} marked as unread.`,
    );
    // The open pane does not clear it again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(row(id)).toHaveAccessibleName(/New/);

    await user.click(within(pane).getByRole('link', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(row(id)).toHaveAccessibleName(/New/);
    await user.click(row(id));
    await screen.findByRole('complementary', { name: `Conversation #${id}` });
    await waitFor(() => expect(row(id)).not.toHaveAccessibleName(/New/));
  });

  it('another tab opening it clears the mark here (storage event)', async () => {
    localStorage.setItem(KEY, JSON.stringify({ since: Date.now(), seen: [] }));
    const id = service().dataset.list()[1]!.id;
    const updatedAt = afterSignIn();
    service().dataset.touch(id, updatedAt);
    renderApp();
    await rows();
    expect(row(id)).toHaveAccessibleName(/New/);
    const value = JSON.stringify({ since: Date.now(), seen: [[id, updatedAt * 1000]] });
    localStorage.setItem(KEY, value);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: value }));
    await waitFor(() => expect(row(id)).not.toHaveAccessibleName(/New/));
  });

  it('corrupt marks in storage are ignored: the list shows, nothing is marked', async () => {
    localStorage.setItem(KEY, '{"since":"soon","seen":7');
    renderApp();
    const links = await rows();
    for (const link of links) expect(link).not.toHaveAccessibleName(/\bNew\b/);
  });

  it('the tab title counts what the banner counts, not the New marks', async () => {
    // Everything is New here (seen up to 1970), yet the title counts only the news the list has.
    localStorage.setItem(KEY, JSON.stringify({ since: 0, seen: [] }));
    renderApp({ config: { pollIntervalMs: 100 } });
    const links = await rows();
    expect(links[0]).toHaveAccessibleName(/New/);
    expect(document.title).toBe('Threadline');
    service().dataset.touch(service().dataset.list()[60]!.id, afterSignIn());
    await screen.findByRole('button', { name: 'Show 1 new or updated' });
    expect(document.title).toBe('(1) Threadline');
  });

  it('desktop notifications count what the banner counts, not the New marks', async () => {
    localStorage.setItem(KEY, JSON.stringify({ since: 0, seen: [] }));
    localStorage.setItem('threadline.notifications', 'on');
    const bodies: (string | undefined)[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        onclick = null;
        constructor(_title: string, options?: NotificationOptions) {
          bodies.push(options?.body);
        }
      },
    );
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    renderApp({ config: { pollIntervalMs: 100, hiddenPollIntervalMs: 100 } });
    const links = await rows();
    expect(links[0]).toHaveAccessibleName(/New/);
    service().dataset.touch(service().dataset.list()[60]!.id, afterSignIn());
    await waitFor(() => expect(bodies).toEqual(['1 new or updated conversation']));
  });
});

describe('sign out offers to forget', () => {
  it('by keyboard: the key is removed and the outcome said and focused', async () => {
    const id = service().dataset.list()[0]!.id;
    const { user } = renderApp({ route: `/conversations/${id}` });
    await screen.findByRole('complementary', { name: `Conversation #${id}` });
    await waitFor(() => expect(localStorage.getItem(KEY)).toContain(`[${id},`));

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const forget = await screen.findByRole('button', {
      name: 'Forget which conversations I have read on this browser',
    });
    forget.focus();
    await user.keyboard('{Enter}');
    const done = await screen.findByText(
      'This browser no longer remembers which conversations you have read.',
    );
    expect(done).toHaveFocus();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: /Forget/ })).toBeNull();
  });

  it('signing out alone forgets nothing', async () => {
    const id = service().dataset.list()[0]!.id;
    const { user } = renderApp({ route: `/conversations/${id}` });
    await screen.findByRole('complementary', { name: `Conversation #${id}` });
    await waitFor(() => expect(localStorage.getItem(KEY)).toContain(`[${id},`));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(localStorage.getItem(KEY)).toContain(`[${id},`);
  });
});
