/** The interface's cursor (`pagination.next`): a string holding an integer, passed back as sent. */
export const CURSOR_PATTERN = /^-?\d+$/;

export function isCursor(value: unknown): value is string {
  return typeof value === 'string' && CURSOR_PATTERN.test(value);
}
