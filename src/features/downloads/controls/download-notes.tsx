import { useTranslation } from '../../../i18n/use-translation';
import { TextWithName } from './text-with-name';

/** The end states a single download and "Download all" share. */
export function DownloadCancelledNote() {
  const { t } = useTranslation();
  return (
    <p role="status" className="download-note">
      {t('downloadsPanel.cancelled')}
    </p>
  );
}

interface DownloadFailedAlertProps {
  /** Already in the agent's language (jobs.ts), or the service's own words. */
  message: string | undefined;
  /** Download all failed on this file: named before the message. */
  fileName?: string | undefined;
  canRetry: boolean;
  onRetry: () => void;
}

export function DownloadFailedAlert({
  message = '',
  fileName,
  canRetry,
  onRetry,
}: DownloadFailedAlertProps) {
  const { t } = useTranslation();
  const said = message || t('downloadsPanel.failed');
  return (
    <div role="alert" className="alert download-alert">
      <p>
        {fileName === undefined ? (
          said
        ) : (
          <TextWithName
            id="downloadsPanel.failedOnFile"
            name={fileName}
            values={{ message: said }}
          />
        )}
      </p>
      {canRetry ? (
        <button type="button" onClick={onRetry}>
          {t('downloadsPanel.retry')}
        </button>
      ) : null}
    </div>
  );
}
