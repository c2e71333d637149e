import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { fetchConversationPage, MAX_PAGE_SIZE } from '../../api/conversations';
import { ApiError } from '../../api/errors';
import { t } from '../../i18n/translate';
import { isolatedMessage } from '../../ui/isolated-message';
import type { View } from '../../ui/view';
import type { ServiceSession } from '../../api/http';
import { conversationKeys } from '../../api/query-keys';
import { useConfig } from '../../lib/config-context';
import { canConnectTo } from '../../lib/connect-policy';
import { useSessionContext } from '../../lib/session-context';
import { parseStatusParams, STATUS_PARAM } from '../../lib/status-params';

/**
 * Checks the token before keeping it, so a mistyped token is reported on the form rather than
 * after a redirect. The check is the list's own first page, with the URL's filters: it goes into
 * the query cache as the list's first page, so from Sign in to the first row is one list request.
 * When the page's connection policy is fixed to another origin the check runs after the reload
 * that signing in to that origin needs (src/boot/ requests the first page then).
 */
export function useSignIn() {
  const { signIn } = useSessionContext();
  const { listTimeoutMs } = useConfig();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (session: ServiceSession) => {
      if (canConnectTo(new URL(session.serviceUrl).origin)) {
        const { statusIds } = parseStatusParams(new URLSearchParams(search).getAll(STATUS_PARAM));
        const params = { statusIds, limit: MAX_PAGE_SIZE };
        const page = await fetchConversationPage(session, params, undefined, {
          timeoutMs: listTimeoutMs,
        });
        queryClient.setQueryData(conversationKeys.list(params), {
          pages: [page],
          pageParams: [undefined],
        });
      }
      return session;
    },
    onSuccess: (session) => signIn(session),
    retry: false,
  });
}

/**
 * Why signing in failed, in the language in use (the URL kept left-to-right); the service's own
 * message as it came.
 */
export function signInErrorMessage(error: unknown, serviceUrl: string): View[] {
  if (error instanceof ApiError) {
    if (error.isUnauthorized) return [t('signIn.rejected')];
    if (error.kind === 'network') return isolatedMessage('signIn.unreachable', { url: serviceUrl });
    if (error.kind === 'invalid-response') {
      return isolatedMessage('signIn.notAService', { url: serviceUrl }, { reason: error.message });
    }
    return [error.message];
  }
  return [t('signIn.failed')];
}
