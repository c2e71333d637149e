import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPaneCode } from '../../src/app/pane-code';
import { liveRegion } from '../support/queries';
import { sentence } from '../support/conversation-pane';
import { service } from '../support/msw';
import { renderApp } from '../support/render-app';

// Every test here opens a conversation. The pane's code is in the page first, as the app has it
// once the list has been idle (app/start.tsx): the first test would otherwise wait for its import,
// which the test runner compiles on first use and which can outlast findBy's second on its own.
beforeAll(() => loadPaneCode());

function pane(id: number) {
  return screen.findByRole('complementary', { name: `Conversation #${id}` });
}

/** Conversations of one new contact, added as the newest, so the list's first page holds them. */
function conversationsOfNewContact(count: number, contactId = 987_654): number[] {
  return Array.from({ length: count }, () => service().dataset.add({ contactId }).id);
}

describe('pane: Find it in the list', () => {
  it('searches the list for its number and keeps looking until the fields are loaded', async () => {
    const deep = service().dataset.list([1, 3])[150]!;
    const { user, router } = renderApp({
      route: `/conversations/${deep.id}?status=open&status=pending&q=contact%3A3`,
    });
    const detail = await pane(deep.id);
    expect(within(detail).getByText(/Status, contact and inbox are not loaded/)).toBeVisible();
    await user.click(within(detail).getByRole('link', { name: 'Find it in the list' }));

    expect(router.state.location.pathname).toBe(`/conversations/${deep.id}`);
    expect(router.state.location.search).toBe(`?status=open&status=pending&q=%23${deep.id}`);
    // The list pages on by itself (the link's keepLooking state) until the row is loaded.
    await waitFor(() => expect(within(detail).queryByText(/are not loaded/)).toBeNull(), {
      timeout: 10_000,
    });
    expect(within(detail).getAllByRole('term').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: new RegExp(`^#${deep.id}\\b`) })).toBeVisible();
  });

  it('is not offered once the list has the conversation’s fields', async () => {
    const newest = service().dataset.list()[0]!;
    renderApp({ route: `/conversations/${newest.id}` });
    const detail = await pane(newest.id);
    await within(detail).findAllByRole('term', {}, { timeout: 5000 });
    expect(within(detail).queryByRole('link', { name: 'Find it in the list' })).toBeNull();
    expect(within(detail).queryByText(/are not loaded/)).toBeNull();
  });
});

/** The pane's section under the heading "Other conversations with contact {c}". */
async function contactSection(detail: HTMLElement, contactId: number): Promise<HTMLElement> {
  const heading = await within(detail).findByRole(
    'heading',
    { name: `Other conversations with contact ${contactId}` },
    { timeout: 5000 },
  );
  return heading.closest('section')!;
}

describe('pane: the contact’s other conversations', () => {
  it('lists the other loaded conversations of the contact as links keeping the filters, and the contact search', async () => {
    const [older, newer] = conversationsOfNewContact(2) as [number, number];
    const { user, router } = renderApp({
      route: `/conversations/${older}?status=open&status=pending`,
    });
    const detail = await pane(older);
    const section = await contactSection(detail, 987654);
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      `#${newer}`,
      'Find all loaded conversations of contact 987654',
    ]);
    expect(links[0]).toHaveAttribute('href', `/conversations/${newer}?status=open&status=pending`);
    // The updated time shows its exact value on hover, as the rows do.
    const time = within(section).getByText((_, element) => element?.tagName === 'TIME');
    expect(time.getAttribute('title')).not.toBe('');
    expect(section).toHaveTextContent(/Open|Pending/);

    await user.click(links[1]!);
    expect(router.state.location.pathname).toBe(`/conversations/${older}`);
    expect(router.state.location.search).toBe('?status=open&status=pending&q=contact%3A987654');
  });

  it('says when the lists hold no other conversation of the contact', async () => {
    const [only] = conversationsOfNewContact(1, 987_655) as [number];
    renderApp({ route: `/conversations/${only}` });
    const detail = await pane(only);
    const section = await contactSection(detail, 987655);
    expect(section).toHaveTextContent('No other loaded conversations with this contact.');
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Find all loaded conversations of contact 987655']);
  });

  it('shows 20 and points to the search for the rest', async () => {
    const ids = conversationsOfNewContact(24, 987_656);
    renderApp({ route: `/conversations/${ids[0]}` });
    const detail = await pane(ids[0]!);
    const section = await contactSection(detail, 987656);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(20));
    // Newest first: the last added is the most recently updated.
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent(`#${ids[23]}`);
    expect(within(section).getByRole('link', { name: 'and 3 more' })).toHaveAttribute(
      'href',
      `/conversations/${ids[0]}?q=contact%3A987656`,
    );
  });
});

describe('pane: Copy link and Copy number', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  function clipboard(writeText: (text: string) => Promise<void>) {
    const spy = vi.fn(writeText);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: spy },
      configurable: true,
    });
    return spy;
  }

  it('copies the absolute link with the status filter, and the number, announcing each', async () => {
    const newest = service().dataset.list()[0]!;
    const { user } = renderApp({
      route: `/conversations/${newest.id}?status=open&q=%23${newest.id}`,
    });
    // After renderApp: user-event puts a clipboard of its own on navigator when it is set up.
    const writeText = clipboard(() => Promise.resolve());
    const detail = await pane(newest.id);

    await user.click(within(detail).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(
      `${window.location.origin}/conversations/${newest.id}?status=open`,
    );
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent(`Link to conversation #${newest.id} copied`),
    );
    expect(
      within(detail).getByText(sentence(`Link to conversation #${newest.id} copied.`)),
    ).toBeVisible();

    await user.click(within(detail).getByRole('button', { name: 'Copy number' }));
    expect(writeText).toHaveBeenLastCalledWith(`#${newest.id}`);
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent(`Number of conversation #${newest.id} copied`),
    );
    expect(within(detail).queryByRole('alert')).toBeNull();
  });

  it('where the browser refuses, shows the link selected in a field, and says nothing was copied', async () => {
    const newest = service().dataset.list()[0]!;
    const { user } = renderApp({ route: `/conversations/${newest.id}` });
    clipboard(() =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    );
    const detail = await pane(newest.id);

    await user.click(within(detail).getByRole('button', { name: 'Copy link' }));
    const alert = await within(detail).findByRole('alert');
    expect(alert).toHaveTextContent('Your browser did not allow copying; the link is');
    const field = within(alert).getByRole('textbox', {
      name: 'Your browser did not allow copying; the link is',
    });
    const link = `${window.location.origin}/conversations/${newest.id}`;
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute('readonly');
    await waitFor(() => expect(field).toHaveFocus());
    expect(liveRegion()).not.toHaveTextContent('copied');
  });

  it('where there is no Clipboard API (an insecure context), shows the number to copy by hand', async () => {
    const newest = service().dataset.list()[0]!;
    const { user } = renderApp({ route: `/conversations/${newest.id}` });
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const detail = await pane(newest.id);
    await user.click(within(detail).getByRole('button', { name: 'Copy number' }));
    const field = await within(detail).findByRole('textbox', {
      name: 'Your browser did not allow copying; the number is',
    });
    expect(field).toHaveValue(`#${newest.id}`);
  });
});
