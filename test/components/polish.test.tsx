import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { announce, LiveRegion } from '../../src/ui/live-region';
import { renderApp } from '../support/render-app';
import { listRequests, server, service, TEST_SERVICE_URL, useService } from '../support/msw';

/** The app's polite live region (the toasts' region is the other status). */
function liveRegion() {
  return screen.getAllByRole('status').find((element) => element.getAttribute('aria-atomic'))!;
}

function statusCheckbox(name: 'Open' | 'Closed' | 'Pending') {
  return within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name });
}

function countOf(status: string) {
  return service()
    .dataset.list()
    .filter((conversation) => conversation.status === status).length;
}

describe('live region', () => {
  it('announce() speaks through a polite status region, and a repeat is spoken again', () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    announce('Download finished: report.pdf');
    expect(region).toHaveTextContent('Download finished: report.pdf');
    const first = region.textContent;
    announce('Download finished: report.pdf');
    expect(region.textContent).not.toBe(first);
    expect(region).toHaveTextContent('Download finished: report.pdf');
  });

  it('announce() without a mounted region does nothing (and does not throw)', () => {
    expect(() => announce('Nobody listens')).not.toThrow();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces loading more and how many conversations are loaded', async () => {
    useService({ conversations: 160, latencyMs: 150 });
    renderApp();
    await screen.findByRole('list', { name: 'Conversations' });
    // The list pages on by itself here (no layout: every row is "near the end").
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Loading more conversations…'));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/^\d+ conversations loaded$/));
  });

  it('announces new or updated conversations when the banner appears', async () => {
    const { user } = renderApp({ config: { pollIntervalMs: 100 } });
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/conversations loaded/));
    const below = service().dataset.list()[60]!.id;
    service().dataset.touch(below);
    const banner = await screen.findByRole('button', { name: 'Show 1 new or updated' });
    expect(liveRegion()).toHaveTextContent('1 new or updated conversations');
    await user.click(banner);
  });
});

describe('empty state', () => {
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

describe('counts per status', () => {
  it('shows them beside the checkboxes once the whole list is loaded, without extra requests', async () => {
    useService({ conversations: 40 });
    renderApp();
    await screen.findByText('All 40 conversations loaded');
    const requests = listRequests().length;
    for (const [name, status] of [
      ['Open', 'open'],
      ['Closed', 'closed'],
      ['Pending', 'pending'],
    ] as const) {
      const checkbox = statusCheckbox(name);
      // The count is the checkbox's description, never part of its name.
      await waitFor(() =>
        expect(checkbox).toHaveAccessibleDescription(`${countOf(status)} conversations`),
      );
    }
    expect(listRequests()).toHaveLength(requests);
  });

  it('shows counts only for the statuses the filter covers', async () => {
    useService({ conversations: 40 });
    renderApp({ route: '/?status=open' });
    await screen.findByText(`All ${countOf('open')} conversations loaded`);
    await waitFor(() =>
      expect(statusCheckbox('Open')).toHaveAccessibleDescription(
        `${countOf('open')} conversations`,
      ),
    );
    expect(statusCheckbox('Closed')).toHaveAccessibleDescription('');
  });

  it('shows no counts while more pages remain', async () => {
    useService({ conversations: 400 });
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, ({ request }) =>
        new URL(request.url).searchParams.has('next')
          ? HttpResponse.json(
              { errors: [{ type: 'server_error', message: 'Try again' }] },
              { status: 503 },
            )
          : undefined,
      ),
    );
    renderApp();
    await screen.findByRole('list', { name: 'Conversations' });
    await screen.findByRole('button', { name: 'Retry' });
    expect(statusCheckbox('Open')).toHaveAccessibleDescription('');
    expect(statusCheckbox('Pending')).toHaveAccessibleDescription('');
    // The count's slot is kept (so nothing shifts when it fills) but stays empty.
    for (const slot of document.querySelectorAll('.status-count'))
      expect(slot).toBeEmptyDOMElement();
  });
});

describe('relative times', () => {
  it('stay fresh as time passes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const updatedAt = Math.floor(Date.now() / 1000) - 40;
      server.use(
        http.get(`${TEST_SERVICE_URL}/conversations/list`, () =>
          HttpResponse.json({
            data: [{ id: 9, status: 'open', contactId: 1, inboxId: 2, createdAt: 1, updatedAt }],
          }),
        ),
      );
      renderApp();
      const row = await screen.findByRole('link', { name: /#9/ });
      expect(row).toHaveTextContent('just now');
      await act(async () => {
        vi.advanceTimersByTime(30_000);
      });
      expect(row).toHaveTextContent('1 minute ago');
    } finally {
      vi.useRealTimers();
    }
  });
});
