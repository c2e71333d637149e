import type { Conversation } from '../../api/schemas';
import { statusLabel, statusTone } from '../../lib/status';
import { formatExact, formatRelative } from '../../i18n/format';
import { toIsoString } from '../../lib/time';
import { isolatedMessage } from '../../ui/isolated-message';
import type { View } from '../../ui/view';

/**
 * Fixed row heights, shared by the virtualized list and the first paint (and matched by
 * --row-height in styles.css): the virtualizer never measures, so scrolling stays cheap. Compact
 * rows are still 44 px, the smallest comfortable touch target, and only lose padding.
 */
export const ROW_HEIGHT = 64;
const COMPACT_ROW_HEIGHT = 44;

export const rowHeight = (compact: boolean) => (compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT);

/**
 * Everything a conversation row shows: shared by the React row and the first paint. The contact's
 * and inbox's numbers sit in <bdi>s, so they stay left-to-right in Arabic.
 */
export interface RowContent {
  id: string;
  tone: ReturnType<typeof statusTone>;
  status: string;
  contact: View[];
  inbox: View[];
  /** Machine-readable updatedAt for <time dateTime>. */
  iso: string;
  /** The exact time, shown on hover. */
  exact: string;
  relative: string;
}

export function rowContent(conversation: Conversation, now: number): RowContent {
  const { id, status, contactId, inboxId, updatedAt } = conversation;
  return {
    id: `#${id}`,
    tone: statusTone(status),
    status: statusLabel(status),
    contact: isolatedMessage('list.contact', { id: String(contactId) }),
    inbox: isolatedMessage('list.inbox', { id: String(inboxId) }),
    iso: toIsoString(updatedAt),
    exact: formatExact(updatedAt),
    relative: formatRelative(updatedAt, now),
  };
}
