import { describe, expect, it, vi } from 'vitest';

/*
 * The pane's words (the catalogs' later part) come with the pane's code, which starts loading when
 * the list is idle. A language chosen just before, still on its way then, must arrive with them.
 */
describe('a language chosen while the pane’s words load', () => {
  it('writes the pane in that language once both have arrived', async () => {
    // A page that has not loaded the pane's code yet: the test setup already has, in its modules.
    vi.resetModules();
    const { activateLanguage, loadLaterMessages, t } = await import('../../src/i18n/translate');
    const { findLanguage } = await import('../../src/i18n/languages');

    const chosen = activateLanguage(findLanguage('de')!);
    const paneWords = loadLaterMessages();
    await Promise.all([chosen, paneWords]);

    expect(t('pane.close')).toBe('Schließen');
  });
});
