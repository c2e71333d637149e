import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showCountOnIcons } from '../../src/features/installed-app/count-on-icons';
import { service } from '../support/msw';
import { renderApp } from '../support/render-app';

/**
 * The count on the app's icon: the number the banner and the title show (the list writes it into
 * the title, features/conversations/use-fresh-title.ts; the installed app reads it from there) is
 * set as the app badge, cleared with the title, and a browser without the Badging API is fine.
 */

type BadgeApi = { setAppBadge?: unknown; clearAppBadge?: unknown };

/** Gives `navigator` a fake Badging API for one test. */
function fakeBadge(api: BadgeApi) {
  for (const name of ['setAppBadge', 'clearAppBadge'] as const) {
    Object.defineProperty(navigator, name, { configurable: true, value: api[name] });
  }
}

let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
  Reflect.deleteProperty(navigator, 'setAppBadge');
  Reflect.deleteProperty(navigator, 'clearAppBadge');
});

/** The app with two conversations touched after its first page: the banner offers them. */
async function appWithTwoNew() {
  const rendered = renderApp({ config: { pollIntervalMs: 100 } });
  await screen.findByRole('list', { name: 'Conversations' });
  stop = showCountOnIcons();
  const list = service().dataset.list();
  service().dataset.touch(list[60]!.id);
  service().dataset.touch(list[61]!.id);
  const banner = await screen.findByRole('button', { name: 'Show 2 new or updated' });
  return { ...rendered, banner };
}

describe('the count on the app badge', () => {
  it('is the count the banner and the title show, and is cleared with them', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    fakeBadge({ setAppBadge, clearAppBadge });
    const { user, banner } = await appWithTwoNew();
    expect(document.title).toBe('(2) Threadline');
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(2));
    // A badge an earlier window left was cleared at the start.
    expect(clearAppBadge).toHaveBeenCalledOnce();

    await user.click(banner);
    await waitFor(() => expect(document.title).toBe('Threadline'));
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalledTimes(2));
    expect(setAppBadge).toHaveBeenCalledOnce();
  });

  it('is set once per change of the count, not on every change of the page head', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    fakeBadge({ setAppBadge, clearAppBadge: vi.fn(() => Promise.resolve()) });
    await appWithTwoNew();
    await waitFor(() => expect(setAppBadge).toHaveBeenCalledWith(2));
    document.head.append(document.createElement('meta'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(setAppBadge).toHaveBeenCalledOnce();
  });

  it('refused by the browser (a rejected promise, or a throw): no error, the title still counts', async () => {
    fakeBadge({
      setAppBadge: vi.fn(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError'))),
      clearAppBadge: vi.fn(() => {
        throw new DOMException('Not allowed', 'SecurityError');
      }),
    });
    const { user, banner } = await appWithTwoNew();
    expect(document.title).toBe('(2) Threadline');
    await user.click(banner);
    await waitFor(() => expect(document.title).toBe('Threadline'));
  });

  it('absent from the browser: nothing happens, no error, the title still counts', async () => {
    expect('setAppBadge' in navigator || 'clearAppBadge' in navigator).toBe(false);
    const { user, banner } = await appWithTwoNew();
    expect(document.title).toBe('(2) Threadline');
    await user.click(banner);
    await waitFor(() => expect(document.title).toBe('Threadline'));
  });
});
