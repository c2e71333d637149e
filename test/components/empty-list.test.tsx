import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useService } from '../support/msw';
import { liveRegion, statusCheckbox } from '../support/queries';
import { renderApp } from '../support/render-app';

describe('an empty list', () => {
  it('says no conversation matches and offers every status when a filter is set', async () => {
    useService({ conversations: 0 });
    const { user, router } = renderApp({ route: '/?status=pending' });
    expect(await screen.findByText('No conversations match these filters.')).toBeVisible();
    expect(liveRegion()).toHaveTextContent('0 conversations loaded');
    await user.click(screen.getByRole('link', { name: 'show every conversation' }));
    expect(router.state.location.search).toBe('');
    expect(statusCheckbox('Pending')).not.toBeChecked();
    expect(await screen.findByText('No conversations match these filters.')).toBeVisible();
  });

  it('offers no "every status" link when no filter is set', async () => {
    useService({ conversations: 0 });
    renderApp();
    expect(await screen.findByText('No conversations match these filters.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'show every conversation' })).not.toBeInTheDocument();
    expect(screen.queryByText(/All 0 conversations loaded/)).not.toBeInTheDocument();
  });
});
