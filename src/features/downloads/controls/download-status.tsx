import { formatBytes } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import type { DownloadEntry } from '../manager/download-manager';
import { DownloadCancelledNote, DownloadFailedAlert } from './download-notes';
import { EntryProgress } from './entry-progress';

interface DownloadStatusProps {
  entry: DownloadEntry | undefined;
  onCancel: () => void;
  onRetry: () => void;
}

/** One file's download: progress with Cancel while running; then what happened, with Retry when it can help. */
export function DownloadStatus({ entry, onCancel, onRetry }: DownloadStatusProps) {
  const { t } = useTranslation();
  switch (entry?.phase) {
    case undefined:
      return null;
    case 'running':
    case 'preparing':
      return (
        <EntryProgress
          entry={entry}
          label={t('downloadsPanel.downloadingFile', { name: entry.name })}
          onCancel={onCancel}
        />
      );
    case 'saved':
      return (
        <p role="status" className="download-note">
          {t('downloadsPanel.saved', { size: formatBytes(entry.total ?? entry.received) })}
        </p>
      );
    case 'in-browser':
      return <InBrowserNote />;
    case 'cancelled':
      return <DownloadCancelledNote />;
    case 'failed':
      return (
        <DownloadFailedAlert
          message={entry.message}
          canRetry={entry.canRetry ?? false}
          onRetry={onRetry}
        />
      );
  }
}

/** A large file handed to the browser's own download manager: its progress and Cancel are there. */
export function InBrowserNote() {
  const { t } = useTranslation();
  return (
    <p role="status" className="download-note">
      {t('downloadsPanel.inBrowser')}
    </p>
  );
}
