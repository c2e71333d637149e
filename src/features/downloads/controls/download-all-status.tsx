import { formatBytes } from '../../../i18n/format';
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
  switch (entry?.phase) {
    case undefined:
      return null;
    case 'preparing':
      return (
        <div className="download-progress">
          <p role="status" className="download-note">
            Loading all messages first, so every attachment is included…
          </p>
          <button type="button" className="button-quiet" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    case 'running':
      return (
        <EntryProgress entry={entry} label="Downloading all attachments" onCancel={onCancel} />
      );
    case 'saved':
    case 'in-browser':
      // Announced through the app's live region; shown here too.
      return (
        <p className="download-note">
          Saved {entry.name} to your downloads (
          {entry.files === 1 ? '1 file' : `${entry.files ?? 0} files`},{' '}
          {formatBytes(entry.total ?? entry.received)}).
        </p>
      );
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

/** Files left out of the zip, listed by name (as text). */
export function SkippedFilesList({ skipped }: { skipped: SkippedFiles }) {
  return (
    <>
      {skipped.foreign.length > 0 ? (
        <div className="download-note download-all-skipped">
          <p>Not included: not on your service, so never requested:</p>
          <ul>
            {skipped.foreign.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {skipped.gone.length > 0 ? (
        <div className="download-note download-all-skipped">
          <p>Not included: no longer available on the service:</p>
          <ul>
            {skipped.gone.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
