import { t } from '../i18n/translate';

/** The interface's status codes for the `statusId` filter; `label` is the word's message. */
export const STATUS_FILTERS = [
  { id: 1, name: 'open', label: 'status.open' },
  { id: 2, name: 'closed', label: 'status.closed' },
  { id: 3, name: 'pending', label: 'status.pending' },
] as const;

export type StatusId = (typeof STATUS_FILTERS)[number]['id'];

/**
 * Status text as the service sent it; known ones get a label in the language in use, others
 * render as they came.
 */
export function statusLabel(status: string): string {
  const known = STATUS_FILTERS.find((item) => item.name === status.toLowerCase());
  return known ? t(known.label) : status;
}

/** A CSS-safe token for known statuses, so unknown text never becomes a class name. */
export function statusTone(status: string): 'open' | 'closed' | 'pending' | 'other' {
  const known = STATUS_FILTERS.find((item) => item.name === status.toLowerCase());
  return known ? known.name : 'other';
}
