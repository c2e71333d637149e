import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { listRequests, server, service, TEST_SERVICE_URL, useService } from '../support/msw';
import { statusCheckbox } from '../support/queries';
import { renderApp } from '../support/render-app';

function countOf(status: string) {
  return service()
    .dataset.list()
    .filter((conversation) => conversation.status === status).length;
}

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
