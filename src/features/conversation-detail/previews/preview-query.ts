import { queryOptions } from '@tanstack/react-query';
import type { ServiceSession } from '../../../api/http';
import { messageKeys } from '../../../api/query-keys';
import { fetchPreview } from './fetch-preview';

/** Thumbnails live in the query cache under the conversation data's key space. */
export function previewKey(url: string) {
  return [...messageKeys.all, 'attachment', url, 'preview'] as const;
}

/**
 * One image's preview, fetched once and kept (staleTime Infinity), so re-opening the conversation
 * or the large view shows it without another request. A failure is not retried: the attachment
 * row still offers the download.
 */
export function previewQueryOptions(session: ServiceSession, url: string) {
  // The session is not part of the key: a session change clears the whole cache.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: previewKey(url),
    queryFn: ({ signal }) => fetchPreview(url, session.token, signal),
    staleTime: Infinity,
    retry: false,
  });
}
