import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { delay, http } from 'msw';
import { server, service, TEST_SERVICE_URL } from '../support/msw';
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

it('keeps the conversations it put at the top when a page that was on its way lands', async () => {
  const { user } = renderApp({ config: { pollIntervalMs: 100 } });
  await screen.findByRole('list', { name: 'Conversations' });
  // Later pages take a while: one is still on its way when the banner is clicked.
  server.use(
    http.get(`${TEST_SERVICE_URL}/conversations/list`, async ({ request }) => {
      if (new URL(request.url).searchParams.has('next')) await delay(300);
      return undefined;
    }),
  );
  const below = service().dataset.list()[60]!.id;
  service().dataset.touch(below);
  const banner = await screen.findByRole('button', { name: 'Show 1 new or updated' });
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  await user.click(banner);
  await waitFor(() => expect(firstRow()).toHaveAccessibleName(new RegExp(`#${below}\\b`)));

  // Long after that page would have landed, the conversation is still at the top.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(firstRow()).toHaveAccessibleName(new RegExp(`#${below}\\b`));
});
