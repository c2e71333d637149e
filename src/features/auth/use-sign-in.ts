import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useActionState, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fetchConversationPage, MAX_PAGE_SIZE } from '../../api/conversations';
import { ApiError } from '../../api/errors';
import { MAX_RETRIES, withRetries } from '../../api/retry';
import { t } from '../../i18n/translate';
import { isolatedMessage } from '../../ui/isolated-message';
import type { View } from '../../ui/view';
import type { ServiceSession } from '../../api/http';
import { conversationKeys } from '../../api/query-keys';
import { useConfig } from '../../lib/config-context';
import { canConnectTo } from '../../lib/connect-policy';
import { useSessionContext } from '../../lib/session-context';
import { shareSignInCheck } from '../../lib/session-share';
import { forgetSignInToCheck, keepSignInToCheck } from '../../lib/session-store';
import { parseStatusParams, STATUS_PARAM } from '../../lib/status-params';

/** Signing in: pending while the token is checked, then the failure if it was refused. */
export interface SignInCheck {
  check: (session: ServiceSession) => void;
  pending: boolean;
  /** Why the last check failed (none while another runs). */
  failure: { error: unknown } | null;
  /** While the check waits to ask again (the service was busy): how long, in seconds. */
  retryInSeconds: number | null;
}

/**
 * Checks the token before keeping it, so a mistyped token is reported on the form rather than
 * after a redirect. The check is the list's own first page, with the URL's filters: it goes into
 * the query cache as the list's first page, so from Sign in to the first row is one list request.
 * When the page's connection policy is fixed to another origin, the page reloads to connect there
 * and this form checks the sign-in after the reload (lib/session-store.ts, `keepSignInToCheck`):
 * until the service has accepted it, it is not the session. A form action (React's
 * `useActionState`): one submission at a time, its pending state and its outcome.
 */
export function useSignIn(): SignInCheck {
  const { signIn } = useSessionContext();
  const { listTimeoutMs } = useConfig();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [retryInSeconds, setRetryInSeconds] = useState<number | null>(null);
  // The form going away (another tab signed this one in) ends a check waiting to ask again.
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const [failure, dispatch, pending] = useActionState(
    async (_last: { error: unknown } | null, session: ServiceSession) => {
      if (!canConnectTo(new URL(session.serviceUrl).origin)) {
        keepSignInToCheck(session);
        window.location.reload();
        // Signing in until the page goes.
        return new Promise<never>(() => undefined);
      }
      const { statusIds } = parseStatusParams(new URLSearchParams(search).getAll(STATUS_PARAM));
      const params = { statusIds, limit: MAX_PAGE_SIZE };
      // A tab opened meanwhile is signed in with the outcome (lib/session-share.ts).
      const settled = shareSignInCheck();
      const { signal } = leaving.current;
      try {
        // The one retry policy (api/retry.ts), as for the list's own pages: a busy service is
        // asked again when it said, and the form says when. Tests turn retries off through the
        // query client's defaults.
        const page = await withRetries(
          () =>
            fetchConversationPage(session, params, undefined, { signal, timeoutMs: listTimeoutMs }),
          {
            signal,
            retries: queryClient.getDefaultOptions().queries?.retry === false ? 0 : MAX_RETRIES,
            onRetry: (delayMs) => setRetryInSeconds(Math.max(1, Math.round(delayMs / 1000))),
          },
        ).finally(() => setRetryInSeconds(null));
        queryClient.setQueryData(conversationKeys.list(params), {
          pages: [page],
          pageParams: [undefined],
        });
      } catch (error) {
        // A sign-in kept across a reload is kept until the service has answered it, so a reload
        // or Back and Forward meanwhile come back to it (the page going away cuts the request:
        // no answer). Answered, it is the form's to put right.
        if (error instanceof ApiError && error.status !== undefined) forgetSignInToCheck();
        settled(null);
        return { error };
      }
      forgetSignInToCheck();
      settled(session);
      signIn(session);
      return null;
    },
    null,
  );
  return {
    check: (session) => startTransition(() => dispatch(session)),
    pending,
    failure: pending ? null : failure,
    retryInSeconds: pending ? retryInSeconds : null,
  };
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
