import { isApiError } from '../../api/errors';
import { t } from '../../i18n/translate';

/**
 * The interface warns that listing can time out for accounts with very many
 * conversations; a narrower status filter is the agent's way around it.
 */
export function timeoutHint(error: unknown): string | undefined {
  if (
    isApiError(error) &&
    (error.kind === 'timeout' || error.status === 504 || error.status === 408)
  ) {
    return t('list.timeoutHint');
  }
  return undefined;
}
