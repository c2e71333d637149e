import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { rows } from '../support/queries';
import { renderApp } from '../support/render-app';

/*
 * One column below 720 px (issue 21): what CSS cannot do alone. The layout itself (the list
 * hidden under the pane, the menu folded) is CSS, checked in a browser
 * (test/browser/one-column.spec.ts); here, the markup it relies on.
 */

describe('one column: the header’s Menu', () => {
  it('is a button that opens the popover holding the header’s actions', async () => {
    renderApp();
    await rows();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(menuButton.getAttribute('popovertarget')!)!;
    expect(menu).toHaveAttribute('popover', 'auto');
    for (const name of ['Go to conversation', 'Downloads', 'Sign out']) {
      expect(within(menu).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('checkbox', { name: 'Compact rows' })).toBeInTheDocument();
  });

  it('leaves Esc to an open popover: the pane stays open', async () => {
    const { user, router } = renderApp();
    const links = await rows();
    const id = links[0]!.getAttribute('data-conversation-id');
    await user.click(links[0]!);
    // The pane's code is loaded on demand.
    await screen.findByRole('heading', { name: `Conversation #${id}` }, { timeout: 5000 });

    // happy-dom has no popovers: the app's question is answered as a browser with the menu open.
    const page = document as { querySelector: (selectors: string) => Element | null };
    const querySelector = page.querySelector.bind(document);
    const open = vi
      .spyOn(page, 'querySelector')
      .mockImplementation((selectors) =>
        selectors === ':popover-open'
          ? screen.getByRole('button', { name: 'Sign out' })
          : querySelector(selectors),
      );
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe(`/conversations/${id}`);

    open.mockRestore();
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('one column: Back to conversations', () => {
  it('goes to the list with the same filters and gives focus back to the conversation’s row', async () => {
    const { user, router } = renderApp({ route: '/?status=open' });
    const links = await rows();
    const id = links[1]!.getAttribute('data-conversation-id');
    await user.click(links[1]!);
    const pane = await screen.findByRole(
      'complementary',
      { name: `Conversation #${id}` },
      { timeout: 5000 },
    );

    await user.click(within(pane).getByRole('link', { name: 'Back to conversations' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?status=open');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Conversations' })).getByRole('link', {
          name: new RegExp(`#${id}`),
        }),
      ).toHaveFocus(),
    );
  });

  it('is offered where a link names no conversation', async () => {
    const { user, router } = renderApp({ route: '/conversations/abc?status=pending' });
    await user.click(
      await screen.findByRole('link', { name: 'Back to conversations' }, { timeout: 5000 }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?status=pending');
  });
});
