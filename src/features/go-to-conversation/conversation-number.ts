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
  if (text === '') return { error: 'Enter a conversation number, for example 48213.' };
  if (/^\d+(\s+\d+)+$/.test(text)) {
    return { error: 'Remove the spaces inside the number: a conversation number is one number.' };
  }
  if (!/^\d+$/.test(text)) {
    return {
      error:
        'A conversation number has digits only, like 48213 or #48213 (no signs, letters or decimals).',
    };
  }
  const id = Number(text);
  if (id === 0) return { error: 'Conversation numbers start at 1.' };
  if (!Number.isSafeInteger(id)) {
    return { error: 'That number is too long to be a conversation number.' };
  }
  return { id };
}
