import { useMemo } from 'react';
import { MAX_PAGE_SIZE, type ConversationListParams } from '../../api/conversations';
import type { StatusId } from '../../lib/status';

/** The list's request parameters (and so its query key) for these statuses, stable per filter. */
export function useListParams(statusIds: readonly StatusId[]): ConversationListParams {
  return useMemo(() => ({ statusIds, limit: MAX_PAGE_SIZE }), [statusIds]);
}
