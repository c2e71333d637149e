import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { loadPaneCode } from '../../src/app/pane-code';
import { FindBar, useFindParam } from '../../src/features/conversations';
import type { LoadFinderCode } from '../../src/features/conversations/finder-code';

/** The finder above the list, its query kept in the URL. */
function Finder({ load }: { load: LoadFinderCode }) {
  return <FindBar find={useFindParam()} loadFinder={load} />;
}

describe('the finder when its code cannot be loaded', () => {
  it('says the list is not narrowed, and the next keystroke tries again', async () => {
    const user = userEvent.setup();
    let offline = true;
    const load = vi.fn<LoadFinderCode>(() =>
      offline
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : loadPaneCode(),
    );
    render(
      <MemoryRouter>
        <Finder load={load} />
      </MemoryRouter>,
    );
    const field = screen.getByRole('searchbox', { name: 'Find in conversations' });
    await user.type(field, '#12');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Finding could not be loaded');
    expect(field).toHaveAccessibleDescription(/Finding could not be loaded/);

    offline = false;
    await user.type(field, '3');
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 10_000 });
    expect(field).toHaveValue('#123');
    expect(load.mock.calls.length).toBeGreaterThan(1);
  });
});
