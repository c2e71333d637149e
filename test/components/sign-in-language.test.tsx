import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHandOver } from '../../src/boot/hand-over';
import { paintSignIn } from '../../src/boot/sign-in-paint';
import { startingLanguage } from '../../src/i18n/translate';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import { renderApp } from '../support/render-app';
import { server, TEST_SERVICE_URL, TEST_TOKEN, useService } from '../support/msw';

/*
 * The Language select on the sign-in form: an agent whose browser is in English but who reads
 * German chooses before signing in, and the choice is the header's (remembered on this browser).
 * test/setup.ts puts English back and clears the storage after each test.
 */

const html = document.documentElement;

describe('choosing a language on the sign-in form', () => {
  it('writes the form in German at once, remembers it for the next start, and the inbox is German after signing in', async () => {
    useService({ conversations: 3 });
    const { user } = renderApp({ session: null, config: { demoToken: TEST_TOKEN } });
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveDisplayValue('English');
    expect(within(language).getByRole('option', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');

    await user.selectOptions(language, 'Deutsch');
    expect(
      await screen.findByRole('heading', { name: 'Bei Threadline anmelden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveDisplayValue('Deutsch');
    expect(screen.getByLabelText('Zugriffstoken')).toHaveValue(TEST_TOKEN);
    expect(html).toHaveAttribute('lang', 'de');
    expect(html).toHaveAttribute('dir', 'ltr');
    // Remembered as the header's choice is: a reload or another tab starts in German.
    expect(localStorage.getItem('threadline.language')).toBe('de');
    expect(startingLanguage().code).toBe('de');

    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const list = await screen.findByRole('list', { name: 'Gespräche' });
    expect(await within(list).findAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveDisplayValue('Deutsch');
  });

  it('switches while a sign-in is being checked: the form being checked turns Arabic, right to left, and the inbox it opens is Arabic', async () => {
    useService({ conversations: 3 });
    // The service holds its answer to the check until the agent has switched.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, async () => {
        await answered;
        // Nothing returned: the service double answers.
      }),
    );
    const { user } = renderApp({ session: null, config: { demoToken: TEST_TOKEN } });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    // Not disabled: the focus stays on it while the check runs.
    expect(screen.getByRole('button', { name: 'Signing in…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Signing in…' })).toHaveFocus();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'العربية');
    expect(await screen.findByRole('button', { name: 'جارٍ تسجيل الدخول…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(html).toHaveAttribute('lang', 'ar');
    expect(html).toHaveAttribute('dir', 'rtl');
    // The check goes on with what the form showed: the fields still hold it, read-only.
    const token = screen.getByLabelText('رمز الوصول');
    expect(token).toHaveValue(TEST_TOKEN);
    expect(token).toHaveAttribute('readonly');

    answer();
    const list = await screen.findByRole('list', { name: 'المحادثات' });
    expect(await within(list).findAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveDisplayValue('العربية');
    expect(localStorage.getItem('threadline.language')).toBe('ar');
  });

  it('chooses, when the app takes over, the language picked on the form drawn before it had loaded', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const handOver = createHandOver();
    paintSignIn(root, { ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL }, handOver);
    const drawn = within(root);
    await userEvent
      .setup()
      .selectOptions(drawn.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await userEvent.setup().type(drawn.getByLabelText('Access token'), 'half-typed');
    const typed = handOver.typedSignIn();
    root.remove();

    renderApp({ session: null, handOver: { ...handOver, typedSignIn: () => typed } });
    // The select shows the choice while German's catalog loads; then the form follows it.
    expect(await screen.findByRole('combobox')).toHaveDisplayValue('Deutsch');
    expect(
      await screen.findByRole('heading', { name: 'Bei Threadline anmelden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByLabelText('Zugriffstoken')).toHaveValue('half-typed');
    expect(html).toHaveAttribute('lang', 'de');
    await waitFor(() => expect(localStorage.getItem('threadline.language')).toBe('de'));
  });

  it('gives the focus back to the Language select when the app takes over a form where it had it', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const handOver = createHandOver();
    paintSignIn(root, { ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL }, handOver);
    const select = within(root).getByRole('combobox', { name: 'Language' });
    select.focus();
    const typed = handOver.typedSignIn();
    root.remove();

    renderApp({ session: null, handOver: { ...handOver, typedSignIn: () => typed } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus());
  });
});
