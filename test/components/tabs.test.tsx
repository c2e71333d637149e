import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';
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
