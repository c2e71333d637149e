import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { MAX_PAGE_SIZE } from '../../api/conversations';
import { ApiError } from '../../api/errors';
import { prefetchFirstPage } from '../../api/first-page-prefetch';
import type { ServiceSession } from '../../api/http';
import { useConfig } from '../../lib/config-context';
import { canConnectTo } from '../../lib/connect-policy';
import { useSessionContext } from '../../lib/session-context';
import { parseStatusParams, STATUS_PARAM } from '../../lib/status-params';

/**
 * Checks the token before keeping it, so a mistyped token is reported on the form rather than
 * after a redirect. The check is the list's own first page, with the URL's filters: the list
 * takes it (api/first-page-prefetch.ts), so from Sign in to the first row is one list request.
 * When the page's connection policy is fixed to another origin the check runs after the reload
 * that signing in to that origin needs (main.ts requests the first page then).
 */
export function useSignIn() {
  const { signIn } = useSessionContext();
  const { listTimeoutMs } = useConfig();
  const { search } = useLocation();
  return useMutation({
    mutationFn: async (session: ServiceSession) => {
      if (canConnectTo(new URL(session.serviceUrl).origin)) {
        const { statusIds } = parseStatusParams(new URLSearchParams(search).getAll(STATUS_PARAM));
        await prefetchFirstPage(session, { statusIds, limit: MAX_PAGE_SIZE }, listTimeoutMs);
      }
      return session;
    },
    onSuccess: (session) => signIn(session),
    retry: false,
  });
}

export function signInErrorMessage(error: unknown, serviceUrl: string): string {
  if (error instanceof ApiError) {
    if (error.isUnauthorized) return 'The service did not accept this access token.';
    if (error.kind === 'network') return `Could not reach a service at ${serviceUrl}.`;
    if (error.kind === 'invalid-response') {
      return `${serviceUrl} does not look like a conversation service: ${error.message}`;
    }
    return error.message;
  }
  return 'Signing in failed. Please try again.';
}
