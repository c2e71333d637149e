import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceSession } from '../../../api/http';
import { messageKeys } from '../../../api/query-keys';
import type { Attachment } from '../../../api/schemas';
import { useSession } from '../../../lib/session-context';
import type { PreviewResult } from '../previews/fetch-preview';
import { previewKey } from '../previews/preview-query';
import { fetchViewedFile } from './fetch-viewed-file';
import { progressDone, reportProgress } from './load-progress';

/**
 * The file the viewer shows, under the conversation data's key space. Kept only while the viewer
 * shows it (gcTime 0): moving on or closing drops the query, which aborts a fetch still running
 * (React Query's signal) and lets the Blob go. A transient failure is retried under the app's one
 * policy (the query client's defaults: Retry-After, backoff, at most 3); a 401 ends the session
 * through the query cache like every other request.
 */
export function viewedFileQueryOptions(session: ServiceSession, url: string, preview?: Blob) {
  // The session is not part of the key: a session change clears the whole cache.
  return queryOptions({
    queryKey: [...messageKeys.all, 'attachment', url, 'view'] as const,
    queryFn: ({ signal }) =>
      fetchViewedFile(url, session.token, signal, (received, total) =>
        reportProgress(url, received, total),
      ).finally(() => progressDone(url)),
    // An image whose thumbnail already holds it (at most 10 MB) is not read again.
    initialData: preview ? { kind: 'file' as const, blob: preview } : undefined,
    gcTime: 0,
    // Never stale while shown: an observer moving to another file must not refetch a cached one.
    staleTime: Infinity,
  });
}

/** The file the viewer shows, starting from the image's cached preview if there is one. */
export function useViewedFile(attachment: Attachment) {
  const session = useSession();
  const client = useQueryClient();
  const preview = client.getQueryData<PreviewResult>(previewKey(attachment.url));
  const blob = preview?.kind === 'image' ? preview.blob : undefined;
  return useQuery(viewedFileQueryOptions(session, attachment.url, blob));
}
