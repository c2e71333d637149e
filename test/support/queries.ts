import { screen, within } from '@testing-library/react';

/** The app's polite live region (the toasts' region is the other status). */
export function liveRegion(): HTMLElement {
  const region = screen
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-atomic') === 'true');
  if (!region) throw new Error('The live region is not mounted.');
  return region;
}

/** One checkbox of the list's status filter, by its English name (tests start in English). */
export function statusCheckbox(name: 'Open' | 'Closed' | 'Pending'): HTMLElement {
  return within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name });
}

/** The rows the virtualizer rendered, as links, in list order. */
export async function rows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Conversations' });
  return within(list).getAllByRole('link');
}
