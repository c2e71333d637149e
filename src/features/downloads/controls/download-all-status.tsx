import { formatBytes } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import type { DownloadEntry, SkippedFiles } from '../manager/download-manager';
import { DownloadCancelledNote, DownloadFailedAlert } from './download-notes';
import { EntryProgress } from './entry-progress';

interface DownloadAllStatusProps {
  entry: DownloadEntry | undefined;
  onCancel: () => void;
  onRetry: () => void;
}

/** Loading the rest of the messages, overall progress with Cancel, or how it ended. */
export function DownloadAllStatus({ entry, onCancel, onRetry }: DownloadAllStatusProps) {
  const { t } = useTranslation();
  switch (entry?.phase) {
    case undefined:
      return null;
    case 'preparing':
      return (
        <div className="download-progress">
          <p role="status" className="download-note">
            {t('downloadsPanel.preparing')}
          </p>
          <button type="button" className="button-quiet" onClick={onCancel}>
            {t('downloadsPanel.cancel')}
          </button>
        </div>
      );
    case 'running':
      return (
        <EntryProgress
          entry={entry}
          label={t('downloadsPanel.downloadingAll')}
          onCancel={onCancel}
        />
      );
    case 'saved':
    case 'in-browser':
      // Announced through the app's live region; shown here too.
      return (
        <p className="download-note">
          {/* The zip's name is ours (conversation-{id}-attachments.zip): it starts and ends with
              Latin letters, so it stays left-to-right in Arabic without a <bdi>. */}
          {t('downloadsPanel.savedZip', {
            name: entry.name,
            count: entry.files ?? 0,
            size: formatBytes(entry.total ?? entry.received),
          })}
        </p>
      );
    case 'cancelled':
      return <DownloadCancelledNote />;
    case 'failed':
      return (
        <DownloadFailedAlert
          message={entry.message}
          fileName={entry.failedFile}
          canRetry={entry.canRetry ?? false}
          onRetry={onRetry}
        />
      );
  }
}

/** Files left out of the zip, listed by name (as text). */
export function SkippedFilesList({ skipped }: { skipped: SkippedFiles }) {
  const { t } = useTranslation();
  return (
    <>
      {skipped.foreign.length > 0 ? (
        <div className="download-note download-all-skipped">
          <p>{t('downloadsPanel.skippedForeign')}</p>
          <ul>
            {skipped.foreign.map((name, index) => (
              <li key={`${index}-${name}`}>
                <bdi>{name}</bdi>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {skipped.gone.length > 0 ? (
        <div className="download-note download-all-skipped">
          <p>{t('downloadsPanel.skippedGone')}</p>
          <ul>
            {skipped.gone.map((name, index) => (
              <li key={`${index}-${name}`}>
                <bdi>{name}</bdi>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
