import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoToConversation, GoToDialog } from '../../src/features/go-to-conversation';
import { LiveRegion } from '../../src/ui/live-region';
import { liveRegion, rows } from '../support/queries';
import { service } from '../support/msw';
import { renderApp } from '../support/render-app';

afterEach(() => {
  document.querySelectorAll('dialog').forEach((dialog) => dialog.close());
});

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Go to conversation' }));
  return screen.findByRole('dialog', { name: 'Go to conversation' });
}

describe('Go to conversation', () => {
  it('opens a conversation the list has not loaded, keeping the filters and search', async () => {
    const { user, router } = renderApp({ route: '/?status=open&status=closed&q=refund' });
    await rows();
    const far = service().dataset.list()[250]!;
    const dialog = await openDialog(user);
    const field = within(dialog).getByRole('textbox', { name: 'Conversation number' });
    expect(field).toHaveFocus();

    await user.type(field, ` #${far.id} {Enter}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/conversations/${far.id}`);
    expect(router.state.location.search).toBe('?status=open&status=closed&q=refund');
    const pane = await screen.findByRole('complementary', { name: `Conversation #${far.id}` });
    expect(
      await within(pane).findByRole('list', { name: 'Messages' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it.each(['abc', '-1', '0', '1e5', '3.5', '12 34', '9'.repeat(30), ''])(
    'refuses %j with a message tied to the field, and goes nowhere',
    async (typed) => {
      const { user, router } = renderApp();
      await rows();
      const dialog = await openDialog(user);
      const field = within(dialog).getByRole('textbox', { name: 'Conversation number' });
      if (typed) await user.type(field, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Go' }));

      expect(field).toHaveAttribute('aria-invalid', 'true');
      const message = within(dialog).getByRole('alert');
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
      expect(message.textContent).not.toBe('');
      expect(field).toHaveValue(typed);
      expect(field).toHaveFocus();
      expect(router.state.location.pathname).toBe('/');

      // Typing again clears the complaint; a good number then goes.
      await user.clear(field);
      await user.type(field, '12');
      expect(field).not.toHaveAttribute('aria-invalid');
      await user.keyboard('{Enter}');
      expect(router.state.location.pathname).toBe('/conversations/12');
    },
  );

  it('g opens it from the list; Esc closes it and focus goes back to the row', async () => {
    const { user, router } = renderApp();
    const links = await rows();
    await user.keyboard('j');
    expect(links[0]).toHaveFocus();
    await user.keyboard('g');
    const dialog = await screen.findByRole('dialog', { name: 'Go to conversation' });
    const field = within(dialog).getByRole('textbox', { name: 'Conversation number' });
    expect(field).toHaveFocus();
    // Typed into the field, not taken as shortcuts.
    await user.keyboard('jg');
    expect(field).toHaveValue('jg');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(links[0]).toHaveFocus();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Cancel closes it without going anywhere, focus back on the button', async () => {
    const { user, router } = renderApp();
    await rows();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Conversation number' }), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to conversation' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a number the service does not know shows the messages operation’s error in the pane', async () => {
    const { user } = renderApp();
    await rows();
    const unknown =
      Math.max(
        ...service()
          .dataset.list()
          .map(({ id }) => id),
      ) + 1000;
    const dialog = await openDialog(user);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Conversation number' }),
      `${unknown}{Enter}`,
    );
    const pane = await screen.findByRole('complementary', { name: `Conversation #${unknown}` });
    await waitFor(() =>
      expect(within(pane).getByRole('alert')).toHaveTextContent('Messages could not be loaded.'),
    );
    expect(within(pane).getByText(/Status, contact and inbox are not loaded/)).toBeInTheDocument();
  });
});

describe('Go to conversation when its code cannot be fetched', () => {
  it('says so, keeps the inbox, and the next press tries again', async () => {
    const loadDialog = vi
      .fn<() => Promise<typeof GoToDialog>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(GoToDialog);
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <LiveRegion />
        <GoToConversation loadDialog={loadDialog} />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Go to conversation' });
    await user.click(button);
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent('Go to conversation could not be loaded: try again.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toBeInTheDocument();

    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Go to conversation' })).toBeInTheDocument();
    expect(loadDialog).toHaveBeenCalledTimes(2);
  });
});
