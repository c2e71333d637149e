import { useEffect } from 'react';
import { recordOpened } from '../../lib/record-seen';

/**
 * Opening a conversation makes it seen (lib/new-to-you.ts), in every open tab. Recorded again
 * only when the list brings a newer updatedAt while the pane is open, not when the marks change:
 * so Mark as unread keeps its mark while the pane stays open, and opening it later clears it.
 */
export function useRecordOpened(serviceUrl: string, id: number, updatedAt: number | undefined) {
  useEffect(() => recordOpened(serviceUrl, id, updatedAt), [serviceUrl, id, updatedAt]);
}
