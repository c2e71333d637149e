import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchConversationPage } from '../../src/api/conversations';
import { paintFirstRows } from '../../src/app/first-paint';
import { renderApp } from '../support/render-app';
import { TEST_SERVICE_URL, TEST_TOKEN, useService } from '../support/msw';

const session = { serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN };

/** Tag and classes from the inbox down to the first row, and the row itself. */
function shape(container: Element) {
  const row = container.querySelector('ul[aria-label="Conversations"] a.conversation-row');
  if (!row) throw new Error('No row');
  const path: string[] = [];
  for (let node: Element | null = row; node && node !== container; node = node.parentElement) {
    path.unshift(`${node.tagName.toLowerCase()}.${node.className}`);
  }
  const item = row.parentElement!;
  // React Router marks links for its own prefetching; the first paint has no router.
  const clone = row.cloneNode(true) as Element;
  clone.removeAttribute('data-discover');
  return {
    path,
    item: ['aria-setsize', 'aria-posinset', 'style'].map((name) => item.getAttribute(name)),
    row: clone.outerHTML,
    filters: Array.from(container.querySelectorAll<HTMLInputElement>('.status-filter input')).map(
      (input) => `${input.parentElement?.textContent ?? ''}:${String(input.checked)}`,
    ),
  };
}

describe('first paint', () => {
  it('draws the same inbox markup as the React list, so the swap moves nothing', async () => {
    // More than a page, so the per-status counts (known only once all is loaded) stay empty in both.
    useService({ conversations: 120 });
    const page = await fetchConversationPage(session, { statusIds: [1, 3], limit: 50 }, undefined);
    const drawn = document.createElement('div');
    document.body.append(drawn);
    paintFirstRows(drawn, {
      page,
      serviceUrl: TEST_SERVICE_URL,
      statusIds: [1, 3],
      search: '?status=open&status=pending',
    });

    const { container } = renderApp({ route: '/?status=open&status=pending' });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await within(list).findAllByRole('link');
    expect(shape(drawn)).toEqual(shape(container));
    drawn.remove();
  });

  it('draws nothing into a root React has already rendered, or for an empty page', () => {
    const root = document.createElement('div');
    root.append(document.createElement('p'));
    const page = {
      data: [{ id: 1, status: 'open', contactId: 2, inboxId: 3, createdAt: 1, updatedAt: 2 }],
    };
    paintFirstRows(root, { page, serviceUrl: TEST_SERVICE_URL, statusIds: [], search: '' });
    expect(root.children).toHaveLength(1);

    const empty = document.createElement('div');
    paintFirstRows(empty, {
      page: { data: [] },
      serviceUrl: TEST_SERVICE_URL,
      statusIds: [],
      search: '',
    });
    expect(empty.children).toHaveLength(0);
  });
});
