import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRequests, service } from '../support/msw';
import { renderApp } from '../support/render-app';
import { loadFreshNews } from '../support/fresh-news';

// The list's freshness is here from the first render (the app fetches it when the list is idle).
beforeAll(loadFreshNews);

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

// The pace of checks is the point here: fake time makes it exact and the test quick. The clock
// also moves with real time, so Testing Library's waiting and the mocked service still work.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'hidden');
  Reflect.deleteProperty(document, 'visibilityState');
});

const firstPageChecks = () => listRequests().filter((params) => !params.has('next')).length;

describe('news in the tab title', () => {
  it('shows the count of new or updated conversations, the same as the banner, until they are shown', async () => {
    const { user } = renderApp({ config: { pollIntervalMs: 100 } });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(document.title).toBe('Threadline');
    const list = service().dataset.list();
    service().dataset.touch(list[60]!.id);
    service().dataset.touch(list[61]!.id);
    const banner = await screen.findByRole('button', { name: 'Show 2 new or updated' });
    expect(document.title).toBe('(2) Threadline');
    await user.click(banner);
    await waitFor(() => expect(document.title).toBe('Threadline'));
  });

  it('goes on checking at the slower pace while the tab is hidden (the title shows the news), and again when the agent comes back', async () => {
    renderApp({ config: { pollIntervalMs: 100, hiddenPollIntervalMs: 500 } });
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(firstPageChecks()).toBeGreaterThan(2));

    setHidden(true);
    await vi.advanceTimersByTimeAsync(300);
    const before = firstPageChecks();
    service().dataset.touch(service().dataset.list()[60]!.id);
    await vi.advanceTimersByTimeAsync(2000);
    // Still checking while hidden (the title needs it), but every 500 ms (4 in 2 s), not every 100.
    const whileHidden = firstPageChecks() - before;
    expect(whileHidden).toBeGreaterThanOrEqual(3);
    expect(whileHidden).toBeLessThanOrEqual(5);
    expect(document.title).toBe('(1) Threadline');

    const checks = firstPageChecks();
    setHidden(false);
    await waitFor(() => expect(firstPageChecks()).toBeGreaterThan(checks));
    expect(await screen.findByRole('button', { name: 'Show 1 new or updated' })).toBeVisible();
  });
});
