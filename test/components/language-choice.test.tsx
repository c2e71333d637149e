import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findLanguage } from '../../src/i18n/languages';
import { renderApp } from '../support/render-app';

/*
 * Two choices in a row on the Language select, their catalogs arriving in either order: the
 * latest choice is the one shown, used and remembered. Catalogs stay loaded for the file once
 * fetched (i18n/translate.ts), so each test here holds languages no earlier test has loaded.
 */

const html = document.documentElement;
const select = () => screen.getByRole('combobox', { name: /^(Language|言語)$/ });

/** Holds the catalog of `code` until the returned function is called; `loads` counts parts since. */
function holdCatalog(code: string) {
  const language = findLanguage(code)!;
  const load = language.load.bind(language);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = Object.assign(() => release(), { loads: 0 });
  vi.spyOn(language, 'load').mockImplementation(async (part) => {
    await released;
    const messages = await load(part);
    held.loads += 1;
    return messages;
  });
  return held;
}

/** Lets a released catalog settle, and whatever it would set off. */
async function settled(held: { loads: number }) {
  await waitFor(() => expect(held.loads).toBe(2));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('choosing one language, then another', () => {
  it('the earlier choice’s catalog arriving first switches nothing and leaves the later one pending', async () => {
    const german = holdCatalog('de');
    const japanese = holdCatalog('ja');
    const { user } = renderApp({ session: null });
    await user.selectOptions(select(), 'Deutsch');
    await user.selectOptions(select(), '日本語');

    german();
    await settled(german);
    expect(html).toHaveAttribute('lang', 'en');
    expect(select()).toHaveDisplayValue('日本語');
    expect(select()).toHaveAttribute('aria-busy', 'true');

    japanese();
    expect(
      await screen.findByRole('heading', { name: 'Threadline にサインイン' }),
    ).toBeInTheDocument();
    expect(select()).not.toHaveAttribute('aria-busy');
    expect(localStorage.getItem('threadline.language')).toBe('ja');
  });

  it('the earlier choice’s catalog arriving last does not take the language back', async () => {
    const arabic = holdCatalog('ar');
    const { user } = renderApp({ session: null });
    await user.selectOptions(select(), 'العربية');
    // English is in the page: chosen at once.
    await user.selectOptions(select(), 'English');
    await waitFor(() => expect(select()).not.toHaveAttribute('aria-busy'));

    arabic();
    await settled(arabic);
    expect(html).toHaveAttribute('lang', 'en');
    expect(select()).toHaveDisplayValue('English');
    expect(screen.getByRole('heading', { name: 'Sign in to Threadline' })).toBeInTheDocument();
    expect(localStorage.getItem('threadline.language')).toBe('en');
  });
});
