import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_SERVICE_URL, TEST_TOKEN } from '../support/msw';
import { renderApp } from '../support/render-app';

const KEY = 'threadline.compact-rows';

/** The list's wrapper, whose class sets the rows' height (--row-height). */
async function listWrapper() {
  const list = await screen.findByRole('list', { name: 'Conversations' });
  await within(list).findAllByRole('link');
  return list.closest('.conversation-list')!;
}

describe('Compact rows', () => {
  it('is off at first; ticking it draws compact rows and remembers the choice on this browser', async () => {
    const { user } = renderApp();
    const box = await screen.findByRole('checkbox', { name: 'Compact rows' });
    expect(box).not.toBeChecked();
    expect((await listWrapper()).classList.contains('rows-compact')).toBe(false);

    await user.click(box);
    expect(box).toBeChecked();
    expect((await listWrapper()).classList.contains('rows-compact')).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('on');

    await user.click(box);
    expect((await listWrapper()).classList.contains('rows-compact')).toBe(false);
    expect(localStorage.getItem(KEY)).toBe('');
  });

  it('starts compact when it was chosen before', async () => {
    localStorage.setItem(KEY, 'on');
    renderApp();
    expect(await screen.findByRole('checkbox', { name: 'Compact rows' })).toBeChecked();
    expect((await listWrapper()).classList.contains('rows-compact')).toBe(true);
  });

  it('still switches when localStorage throws, for this page only', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation((key) => {
      if (key === KEY) throw new DOMException('denied', 'SecurityError');
      // The session (sessionStorage) is read through the same prototype: written by renderApp.
      return key === 'threadline.session'
        ? JSON.stringify({ serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN })
        : null;
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key) => {
      if (key === KEY) throw new DOMException('full', 'QuotaExceededError');
    });
    const { user } = renderApp();
    const box = await screen.findByRole('checkbox', { name: 'Compact rows' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect((await listWrapper()).classList.contains('rows-compact')).toBe(true);
  });
});
