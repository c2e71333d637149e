import { t } from '../../i18n/translate';

/** What the agent typed in "Conversation number": the number to open, or why it is not one. */
export type ConversationNumberInput = { id: number } | { error: string };

/**
 * Reads a conversation number as agents pass them around ("48213", "#48213", " #48213 "). The
 * interface's ids are integers; the app's addresses take a positive safe integer (as
 * app/route-params.ts does), so anything else is refused here, with a message saying why, before
 * any navigation.
 */
export function parseConversationNumber(input: string): ConversationNumberInput {
  const text = input.trim().replace(/^#\s*/, '');
  if (text === '') return { error: t('goToDialog.empty') };
  if (/^\d+(\s+\d+)+$/.test(text)) return { error: t('goToDialog.spaces') };
  if (!/^\d+$/.test(text)) return { error: t('goToDialog.digitsOnly') };
  const id = Number(text);
  if (id === 0) return { error: t('goToDialog.zero') };
  if (!Number.isSafeInteger(id)) return { error: t('goToDialog.tooLong') };
  return { id };
}
