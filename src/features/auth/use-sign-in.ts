import { useMutation } from '@tanstack/react-query';
import { fetchConversationPage } from '../../api/conversations';
import { ApiError } from '../../api/errors';
import type { ServiceSession } from '../../api/http';
import { canConnectTo } from '../../lib/connect-policy';
import { useSessionContext } from '../../lib/session-context';

/**
 * Checks the token with the smallest possible list request before keeping it,
 * so a mistyped token is reported on the form rather than after a redirect.
 * When the page's connection policy is fixed to another origin the check runs
 * after the reload that signing in to that origin needs.
 */
export function useSignIn() {
  const { signIn } = useSessionContext();
  return useMutation({
    mutationFn: async (session: ServiceSession) => {
      if (canConnectTo(new URL(session.serviceUrl).origin)) {
        await fetchConversationPage(session, { statusIds: [], limit: 1 }, undefined, {
          timeoutMs: 15_000,
        });
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
