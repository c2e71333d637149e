import { describeError } from '../api/errors';
import { useTranslation } from '../i18n/use-translation';

interface ErrorAlertProps {
  title: string;
  error: unknown;
  onRetry?: (() => void) | undefined;
  /** Extra advice under the message, e.g. how to avoid a timeout. */
  hint?: string | undefined;
}

export function ErrorAlert({ title, error, onRetry, hint }: ErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert">
      <p className="alert-title">{title}</p>
      <p>{describeError(error)}</p>
      {hint ? <p className="alert-hint">{hint}</p> : null}
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t('ui.retry')}
        </button>
      ) : null}
    </div>
  );
}
