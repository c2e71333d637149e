import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { loadPaneCode } from '../../src/app/pane-code';
import { loadFinderCode } from '../../src/features/conversations/finder-code';
import { MAX_CHECKED_PAGES } from '../../src/features/conversations/list-head';
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

/** The rows' conversation ids, in the list's order. */
const rowIds = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((link) => Number(link.getAttribute('data-conversation-id')));

it('a busy inbox: more news than a page (a tab left hidden) is all offered and all shown, once', async () => {
  const { user } = renderApp({ config: { pollIntervalMs: 100 } });
  await screen.findByRole('list', { name: 'Conversations' });
  const added = Array.from({ length: 70 }, () => service().dataset.add({ status: 'open' }).id);

  await user.click(await screen.findByRole('button', { name: 'Show 70 new or updated' }));
  await waitFor(() => expect(rowIds()[0]).toBe(added.at(-1)));
  expect(screen.queryByRole('button', { name: /new or updated/ })).not.toBeInTheDocument();
  const ids = rowIds();
  expect(new Set(ids).size).toBe(ids.length);
  // Everything drawn at the top is the news, newest first (the rest is below the window).
  expect(ids.slice(0, 10)).toEqual(added.slice(-10).reverse());
});

it(`more news than ${MAX_CHECKED_PAGES} pages: the list starts again with it and pages on from where the check stopped`, async () => {
  await loadFinderCode(loadPaneCode);
  const { user } = renderApp({ config: { pollIntervalMs: 100 } });
  await screen.findByRole('list', { name: 'Conversations' });
  const added = Array.from(
    { length: MAX_CHECKED_PAGES * 50 + 30 },
    () => service().dataset.add({ status: 'open' }).id,
  );

  const banner = await screen.findByRole('button', { name: /^Show [\d,]+ new or updated$/ });
  const offered = Number(/[\d,]+/.exec(banner.textContent)![0].replace(',', ''));
  // As far as the check reads: not all of the news, and nothing else.
  expect(offered).toBeGreaterThan(MAX_CHECKED_PAGES * 40);
  expect(offered).toBeLessThan(added.length);
  await user.click(banner);
  await waitFor(() => expect(rowIds()[0]).toBe(added.at(-1)));
  expect(rowIds().slice(0, 10)).toEqual(added.slice(-10).reverse());

  // The oldest of the news is not loaded yet; the next page, from where the check stopped, has it.
  const oldest = String(added[0]);
  await user.click(screen.getByRole('button', { name: 'Find' }));
  await user.keyboard(oldest);
  expect(await screen.findByText(/No loaded conversation matches/)).toBeVisible();
  await user.click(await screen.findByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(rowIds()).toContain(added[0]));
});
