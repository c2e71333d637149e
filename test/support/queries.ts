import { screen, within } from '@testing-library/react';
import type { STATUS_FILTERS } from '../../src/lib/status';

/** The app's polite live region (the toasts' region is the other status). */
export function liveRegion(): HTMLElement {
  const region = screen
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-atomic') === 'true');
  if (!region) throw new Error('The live region is not mounted.');
  return region;
}

/** One checkbox of the list's status filter. */
export function statusCheckbox(name: (typeof STATUS_FILTERS)[number]['label']): HTMLElement {
  return within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name });
}

/** The rows the virtualizer rendered, as links, in list order. */
export async function rows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Conversations' });
  return within(list).getAllByRole('link');
}
