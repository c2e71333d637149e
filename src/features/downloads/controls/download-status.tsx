import { formatBytes } from '../../../i18n/format';
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
  switch (entry?.phase) {
    case undefined:
      return null;
    case 'running':
    case 'preparing':
      return (
        <EntryProgress entry={entry} label={`Downloading ${entry.name}`} onCancel={onCancel} />
      );
    case 'saved':
      return (
        <p role="status" className="download-note">
          Saved to your downloads ({formatBytes(entry.total ?? entry.received)}).
        </p>
      );
    case 'in-browser':
      return <InBrowserNote />;
    case 'cancelled':
      return <DownloadCancelledNote />;
    case 'failed':
      return (
        <DownloadFailedAlert
          message={entry.message ?? 'The download failed.'}
          canRetry={entry.canRetry ?? false}
          onRetry={onRetry}
        />
      );
  }
}

/** A large file handed to the browser's own download manager: its progress and Cancel are there. */
export function InBrowserNote() {
  return (
    <p role="status" className="download-note">
      Downloading in your browser's downloads; its progress and Cancel are there.
    </p>
  );
}
