import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';
import { renderApp } from '../support/render-app';

/** Another open tab of the app, as the channel sees it. */
function otherTab() {
  const channel = new BroadcastChannel('threadline-session');
  const received: unknown[] = [];
  channel.onmessage = ({ data }: MessageEvent) => received.push(data);
  opened.push(channel);
  return { channel, received };
}

const opened: BroadcastChannel[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const channel of opened.splice(0)) channel.close();
});

const session = { serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN };

describe('tabs share the session', () => {
  it('a new tab is signed in by an open tab, without the token being typed', async () => {
    const tab = otherTab();
    tab.channel.onmessage = ({ data }: MessageEvent<{ type: string }>) => {
      if (data.type === 'ask') tab.channel.postMessage({ type: 'session', session });
    };
    renderApp({ session: null, route: '/?status=open' });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('link').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Access token')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('threadline.session')!)).toEqual(session);
    // localStorage holds only which conversations were opened (lib/seen-marks.ts), never the token.
    expect(Object.keys(localStorage)).toEqual([`threadline.seen ${TEST_SERVICE_URL}`]);
    expect(JSON.stringify(localStorage)).not.toContain(TEST_TOKEN);
  });

  it('a tab opened while another checks a sign-in is signed in once the service accepts it', async () => {
    // The first tab's check (the list's first page) waits until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let checking = false;
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, async () => {
        checking = true;
        await released;
        return undefined;
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = renderApp({ session: null });
    const firstTab = within(first.container);
    await first.user.type(firstTab.getByLabelText('Access token'), TEST_TOKEN);
    await first.user.click(firstTab.getByRole('button', { name: 'Sign in' }));
    expect(await firstTab.findByRole('button', { name: 'Signing in…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await waitFor(() => expect(checking).toBe(true));

    // Both tabs are in this document: the channel reaches the one from the other all the same.
    const second = within(renderApp({ session: null }).container);
    expect(second.getByLabelText('Access token')).toHaveValue('');
    // Past the time an open tab has to answer, and the check still running.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(second.getByLabelText('Access token')).toBeVisible();

    release();
    const list = await second.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findAllByRole('link')).not.toHaveLength(0);
    expect(second.queryByLabelText('Access token')).toBeNull();
  });

  it('shows the form at once while it asks, and ignores a malformed answer', async () => {
    const tab = otherTab();
    let asked = 0;
    tab.channel.onmessage = () => {
      asked += 1;
      tab.channel.postMessage({ type: 'session', session: { token: 1 } });
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp({ session: null });
    // No waiting for the other tabs: the form is the first render.
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    await waitFor(() => expect(asked).toBe(1));
    // Past the time an open tab has to answer: the malformed answer signed nothing in.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(screen.getByLabelText('Access token')).toBeVisible();
    expect(sessionStorage.getItem('threadline.session')).toBeNull();
  });

  it('answers another tab that asks, and tells the others when it signs out', async () => {
    const { user } = renderApp();
    await screen.findByRole('list', { name: 'Conversations' });
    const tab = otherTab();
    // The sharing module loads after the first render.
    await waitFor(() => {
      tab.channel.postMessage({ type: 'ask' });
      expect(tab.received).toContainEqual({ type: 'session', session });
    });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(tab.received).toContainEqual({ type: 'signed-out', reason: 'signed-out' }),
    );
  });

  it('signs out when another tab signs out or meets a 401, saying why', async () => {
    renderApp();
    await screen.findByRole('list', { name: 'Conversations' });
    const tab = otherTab();
    await waitFor(() => {
      tab.channel.postMessage({ type: 'ask' });
      expect(tab.received.length).toBeGreaterThan(0);
    });
    tab.channel.postMessage({ type: 'signed-out', reason: 'expired' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session ended');
    expect(sessionStorage.getItem('threadline.session')).toBeNull();
    // It does not ask the others again: they signed out too.
    expect(await screen.findByLabelText('Access token')).toBeInTheDocument();
  });
});
