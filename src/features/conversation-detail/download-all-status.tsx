import { useId } from 'react';
import { formatBytes } from './format-bytes';
import type { DownloadAllNotes, DownloadAllState } from './use-download-all';
import type { ZipProgress } from './zip-sources';
import { DownloadCancelledNote, DownloadFailedAlert } from './download-notes';

function OverallProgress({ progress, onCancel }: { progress: ZipProgress; onCancel: () => void }) {
  const labelId = useId();
  const { received, total, file, files } = progress;
  const known = total !== undefined && total > 0;
  const percent = known ? Math.min(100, Math.floor((received / total) * 100)) : undefined;
  const which = file > 0 ? `file ${file} of ${files}` : `${files} files`;
  const amount = known
    ? `${percent}%, ${formatBytes(received)} of ${formatBytes(total)}`
    : `${formatBytes(received)} received`;
  return (
    <div className="download-progress">
      <span id={labelId} className="visually-hidden">
        Downloading all attachments
      </span>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? 100 : undefined}
        aria-valuenow={percent}
        aria-valuetext={`${amount}, ${which}`}
        className={`progress-track${known ? '' : ' progress-indeterminate'}`}
      >
        <div className="progress-fill" style={known ? { width: `${percent}%` } : undefined} />
      </div>
      <span className="download-amount" aria-hidden="true">
        {known
          ? `${percent}% · ${formatBytes(received)} of ${formatBytes(total)}`
          : received > 0
            ? formatBytes(received)
            : 'Starting…'}{' '}
        · {which}
      </span>
      <button type="button" className="button-quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

interface DownloadAllStatusProps {
  state: DownloadAllState;
  onCancel: () => void;
  onRetry: () => void;
}

/** Loading the rest of the messages, overall progress with Cancel, or how it ended. */
export function DownloadAllStatus({ state, onCancel, onRetry }: DownloadAllStatusProps) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'loading-messages':
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
      return <OverallProgress progress={state.progress} onCancel={onCancel} />;
    case 'saved':
      // Announced through the app's live region; shown here too.
      return (
        <p className="download-note">
          Saved {state.fileName} to your downloads (
          {state.files === 1 ? '1 file' : `${state.files} files`}, {formatBytes(state.size)}).
        </p>
      );
    case 'cancelled':
      return <DownloadCancelledNote />;
    case 'failed':
      return (
        <DownloadFailedAlert message={state.message} canRetry={state.canRetry} onRetry={onRetry} />
      );
  }
}

/** Files left out of the zip, listed by name (as text). */
export function DownloadAllNotesList({ notes }: { notes: DownloadAllNotes }) {
  return (
    <>
      {notes.foreign.length > 0 ? (
        <div className="download-note download-all-skipped">
          <p>Not included: not on your service, so never requested:</p>
          <ul>
            {notes.foreign.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {notes.gone.length > 0 ? (
        <div className="download-note download-all-skipped">
          <p>Not included: no longer available on the service:</p>
          <ul>
            {notes.gone.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
