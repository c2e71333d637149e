/** The interface's status codes for the `statusId` filter. */
export const STATUS_FILTERS = [
  { id: 1, name: 'open', label: 'Open' },
  { id: 2, name: 'closed', label: 'Closed' },
  { id: 3, name: 'pending', label: 'Pending' },
] as const;

export type StatusId = (typeof STATUS_FILTERS)[number]['id'];

/** Status text as the service sent it; known ones get a friendly label, others render as-is. */
export function statusLabel(status: string): string {
  const known = STATUS_FILTERS.find((item) => item.name === status.toLowerCase());
  return known ? known.label : status;
}

/** A CSS-safe token for known statuses, so unknown text never becomes a class name. */
export function statusTone(status: string): 'open' | 'closed' | 'pending' | 'other' {
  const known = STATUS_FILTERS.find((item) => item.name === status.toLowerCase());
  return known ? known.name : 'other';
}
