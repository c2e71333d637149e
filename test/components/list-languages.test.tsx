import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadPaneCode } from '../../src/app/pane-code';
import { loadFinderCode } from '../../src/features/conversations/finder-code';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { rows } from '../support/queries';
import { renderApp } from '../support/render-app';
import { service, useService } from '../support/msw';

/*
 * The list, its header, the finder, the dialogs and sign-in in German and Arabic (test/setup.ts
 * puts English back after each test). What they say is read by role, as an agent's screen reader
 * would.
 */

const speak = (code: string) => act(() => activateLanguage(findLanguage(code)!));
const loadedCount = (status: string) =>
  service()
    .dataset.list()
    .slice(0, 50)
    .filter((conversation) => conversation.status === status).length;

describe('the list in German', () => {
  it('names the header, the filter, the finder and the rows in German; the finder takes German and English words', async () => {
    useService({ conversations: 50 });
    await loadFinderCode(loadPaneCode);
    const { user } = renderApp();
    await rows();
    await speak('de');

    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Gespräch öffnen' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Kompakte Zeilen' })).toBeVisible();
    const filter = screen.getByRole('group', { name: 'Status' });
    expect(within(filter).getByRole('checkbox', { name: 'Wartend' })).not.toBeChecked();
    const first = service().dataset.list()[0]!;
    const list = screen.getByRole('list', { name: 'Gespräche' });
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(
      new RegExp(`^#${first.id} .+ Kontakt ${first.contactId} Postfach ${first.inboxId} `),
    );

    const field = screen.getByRole('searchbox', { name: 'In Gesprächen suchen' });
    await user.type(field, 'offen');
    const matched = (status: string) =>
      screen.findByText(`${loadedCount(status)} Treffer in 50 geladenen Gesprächen.`, {
        selector: '[role="status"]',
      });
    expect(await matched('open')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'closed');
    expect(await matched('closed')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'unsinn');
    expect(field).toHaveAccessibleDescription(
      /^Nicht verstanden: „unsinn“ \(ignoriert\)\. .*offen, geschlossen, wartend, .*heute oder gestern\.$/,
    );
  });

  it('says why a conversation number is refused, in German', async () => {
    const { user } = renderApp();
    await rows();
    await speak('de');
    await user.click(screen.getByRole('button', { name: 'Gespräch öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gespräch öffnen' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Gesprächsnummer' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Öffnen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Gesprächsnummern beginnen bei 1.');
  });

  it('signs in from a German form', async () => {
    renderApp({ session: null });
    await screen.findByRole('heading', { name: 'Sign in to Threadline' });
    await speak('de');
    expect(screen.getByRole('heading', { name: 'Bei Threadline anmelden' })).toBeVisible();
    expect(screen.getByLabelText('Dienst-URL')).toBeVisible();
    expect(screen.getByLabelText('Zugriffstoken')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
  });
});

describe('the list in Arabic', () => {
  it('reads right to left, with Arabic words and digits; ids and numbers stay in <bdi>', async () => {
    useService({ conversations: 50 });
    await loadFinderCode(loadPaneCode);
    const { user } = renderApp();
    await rows();
    await speak('ar');

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const filter = screen.getByRole('group', { name: 'الحالة' });
    expect(within(filter).getByRole('checkbox', { name: 'مفتوحة' })).not.toBeChecked();
    const first = service().dataset.list()[0]!;
    const row = within(screen.getByRole('list', { name: 'المحادثات' })).getAllByRole('link')[0]!;
    expect(row).toHaveAccessibleName(new RegExp(`جهة الاتصال ${first.contactId}`));
    expect(row.querySelector('.row-id bdi')).toHaveTextContent(`#${first.id}`);
    expect(row.querySelector('.row-contact bdi')).toHaveTextContent(String(first.contactId));
    expect(row.querySelector('.row-inbox bdi')).toHaveTextContent(String(first.inboxId));

    const field = screen.getByRole('searchbox', { name: 'البحث في المحادثات' });
    await user.type(field, 'مغلقة');
    const digits = new Intl.NumberFormat('ar');
    const status = await screen.findByText(/تطابق البحث\./, { selector: '[role="status"]' });
    expect(status).toHaveTextContent(
      `${digits.format(loadedCount('closed'))} من ${digits.format(50)} محادثة محمّلة تطابق البحث.`,
    );
  });

  it('lists the keyboard shortcuts in Arabic', async () => {
    const { user } = renderApp();
    await rows();
    await speak('ar');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });
    expect(
      within(dialog).getByText('تحديد المحادثة التالية (يحمّل المزيد عند نهاية القائمة)'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toHaveFocus();
  });
});
