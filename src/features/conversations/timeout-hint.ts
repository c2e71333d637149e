import { isApiError } from '../../api/errors';

/**
 * The interface warns that listing can time out for accounts with very many
 * conversations; a narrower status filter is the agent's way around it.
 */
export function timeoutHint(error: unknown): string | undefined {
  if (
    isApiError(error) &&
    (error.kind === 'timeout' || error.status === 504 || error.status === 408)
  ) {
    return 'The service is taking too long, which happens on very large accounts. Try narrowing the status filter; what is loaded stays here.';
  }
  return undefined;
}
