import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server, TEST_SERVICE_URL } from '../support/msw';
import { renderApp } from '../support/render-app';

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
      expect(row).toHaveTextContent('now');
      await act(async () => {
        vi.advanceTimersByTime(30_000);
      });
      expect(row).toHaveTextContent('1 minute ago');
    } finally {
      vi.useRealTimers();
    }
  });
});
