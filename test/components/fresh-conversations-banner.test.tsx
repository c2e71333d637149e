import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { service } from '../support/msw';
import { renderApp } from '../support/render-app';
import { loadFreshNews } from '../support/fresh-news';

// The list's freshness is here from the first render (the app fetches it when the list is idle).
beforeAll(loadFreshNews);

const firstRow = () =>
  within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')[0];

it('Show … new or updated puts the conversations that changed at the top, and the banner goes', async () => {
  const { user } = renderApp({ config: { pollIntervalMs: 100 } });
  await screen.findByRole('list', { name: 'Conversations' });
  const below = service().dataset.list()[60]!.id;
  expect(firstRow()).not.toHaveAccessibleName(new RegExp(`#${below}\\b`));

  service().dataset.touch(below);
  await user.click(await screen.findByRole('button', { name: 'Show 1 new or updated' }));

  await waitFor(() => expect(firstRow()).toHaveAccessibleName(new RegExp(`#${below}\\b`)));
  expect(screen.queryByRole('button', { name: /new or updated/ })).not.toBeInTheDocument();
});

it('gives the focus the banner had to a row of the list when it goes', async () => {
  const { user } = renderApp({ config: { pollIntervalMs: 100 } });
  await screen.findByRole('list', { name: 'Conversations' });
  const below = service().dataset.list()[60]!.id;
  service().dataset.touch(below);
  const banner = await screen.findByRole('button', { name: 'Show 1 new or updated' });
  banner.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(firstRow()).toHaveAccessibleName(new RegExp(`#${below}\\b`)));
  await waitFor(() => expect(firstRow()).toHaveFocus());
});
