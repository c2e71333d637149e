import { describeError } from '../api/errors';

interface ErrorAlertProps {
  title: string;
  error: unknown;
  onRetry?: (() => void) | undefined;
  /** Extra advice under the message, e.g. how to avoid a timeout. */
  hint?: string | undefined;
}

export function ErrorAlert({ title, error, onRetry, hint }: ErrorAlertProps) {
  return (
    <div role="alert" className="alert">
      <p className="alert-title">{title}</p>
      <p>{describeError(error)}</p>
      {hint ? <p className="alert-hint">{hint}</p> : null}
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
