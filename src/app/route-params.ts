/** A conversation id from the URL: a positive safe integer, or undefined when it is not one. */
export function parseConversationId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,16}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
