import type { Locator, Page } from '@playwright/test';

/**
 * One of the header's actions, ready to be pressed: below 720 px they are in the header's Menu
 * (issue 21), which is opened first if it is closed; wider, they are in the header's line.
 */
export async function headerAction(page: Page, action: Locator): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && !(await action.isVisible())) await menu.click();
  return action;
}
