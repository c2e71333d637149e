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
 * or the attachment viewer shows it without another request. A transient failure is retried under the
 * app's one policy (the query client's defaults: Retry-After, backoff, at most 3); anything else
 * leaves the attachment row as it is, still offering the download.
 */
export function previewQueryOptions(session: ServiceSession, url: string) {
  // The session is not part of the key: a session change clears the whole cache.
  return queryOptions({
    queryKey: previewKey(url),
    queryFn: ({ signal }) => fetchPreview(url, session.token, signal),
    staleTime: Infinity,
  });
}
