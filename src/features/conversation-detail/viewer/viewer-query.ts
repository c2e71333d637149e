import { queryOptions } from '@tanstack/react-query';
import type { ServiceSession } from '../../../api/http';
import { messageKeys } from '../../../api/query-keys';
import { fetchViewedFile } from './fetch-viewed-file';

/**
 * The file the viewer shows, under the conversation data's key space. Kept only while the viewer
 * shows it (gcTime 0): moving on or closing drops the query, which aborts a fetch still running
 * (React Query's signal) and lets the Blob go. A transient failure is retried under the app's one
 * policy (the query client's defaults: Retry-After, backoff, at most 3); a 401 ends the session
 * through the query cache like every other request.
 */
export function viewedFileQueryOptions(session: ServiceSession, url: string) {
  // The session is not part of the key: a session change clears the whole cache.
  return queryOptions({
    queryKey: [...messageKeys.all, 'attachment', url, 'view'] as const,
    queryFn: ({ signal }) => fetchViewedFile(url, session.token, signal),
    gcTime: 0,
    staleTime: 0,
  });
}
