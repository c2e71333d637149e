import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { service } from '../support/msw';
import { renderApp } from '../support/render-app';
import { loadFreshNews } from '../support/fresh-news';

// The list's freshness is here from the first render (the app fetches it when the list is idle).
beforeAll(loadFreshNews);

/** The browser's Notification, as far as the app uses it. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static shown: { title: string; options: NotificationOptions | undefined }[] = [];
  static requestPermission = vi.fn(() => {
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, options });
  }
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
}

beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'hidden');
});

describe('desktop notifications', () => {
  it('are off until the agent turns them on; then a hidden tab notifies of new conversations', async () => {
    const { user } = renderApp({ config: { pollIntervalMs: 100, hiddenPollIntervalMs: 100 } });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    setHidden(true);
    service().dataset.touch(service().dataset.list()[60]!.id);
    expect(await screen.findByRole('button', { name: 'Show 1 new or updated' })).toBeVisible();
    expect(FakeNotification.shown).toEqual([]);

    setHidden(false);
    const toggle = screen.getByRole('button', { name: 'Notify me' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));

    setHidden(true);
    service().dataset.touch(service().dataset.list()[61]!.id);
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    expect(FakeNotification.shown[0]).toEqual({
      title: 'Threadline',
      options: { body: '2 new or updated conversations', tag: 'threadline-fresh' },
    });

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(localStorage.getItem('threadline.notifications')).toBeNull();
  });

  it('says so when the browser blocks them, and stays off', async () => {
    FakeNotification.answer = 'denied';
    const { user } = renderApp();
    const toggle = await screen.findByRole('button', { name: 'Notify me' });
    await user.click(toggle);
    await waitFor(() =>
      expect(document.getElementById('live-region')).toHaveTextContent(
        'Your browser blocks notifications for this site',
      ),
    );
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
