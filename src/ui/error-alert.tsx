import type { Ref } from 'react';
import { describeError } from '../api/errors';
import { useTranslation } from '../i18n/use-translation';

interface ErrorAlertProps {
  title: string;
  error: unknown;
  onRetry?: (() => void) | undefined;
  /** Extra advice under the message, e.g. how to avoid a timeout. */
  hint?: string | undefined;
  /** For a caller that gives Retry the focus the failed control had. */
  retryRef?: Ref<HTMLButtonElement>;
}

export function ErrorAlert({ title, error, onRetry, hint, retryRef }: ErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert">
      <p className="alert-title">{title}</p>
      <p>{describeError(error)}</p>
      {hint ? <p className="alert-hint">{hint}</p> : null}
      {onRetry ? (
        <button type="button" onClick={onRetry} ref={retryRef}>
          {t('ui.retry')}
        </button>
      ) : null}
    </div>
  );
}
