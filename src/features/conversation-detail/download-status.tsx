import { useId } from 'react';
import { canRetry, failureMessage } from './download-failure';
import type { DownloadState } from './use-download';
import { formatBytes } from './format-bytes';
import { DownloadCancelledNote, DownloadFailedAlert } from './download-notes';

interface DownloadStatusProps {
  fileName: string;
  state: DownloadState;
  onCancel: () => void;
  onRetry: () => void;
}

/** Progress with Cancel while running; then what happened, with Retry when it can help. */
export function DownloadStatus({ fileName, state, onCancel, onRetry }: DownloadStatusProps) {
  const labelId = useId();
  switch (state.phase) {
    case 'idle':
      return null;
    case 'running': {
      const { received, total } = state;
      const known = total !== undefined && total > 0;
      const percent = known ? Math.min(100, Math.floor((received / total) * 100)) : undefined;
      return (
        <div className="download-progress">
          <span id={labelId} className="visually-hidden">
            Downloading {fileName}
          </span>
          <div
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={known ? 0 : undefined}
            aria-valuemax={known ? 100 : undefined}
            aria-valuenow={percent}
            aria-valuetext={
              known
                ? `${percent}%, ${formatBytes(received)} of ${formatBytes(total)}`
                : `${formatBytes(received)} received`
            }
            className={`progress-track${known ? '' : ' progress-indeterminate'}`}
          >
            <div className="progress-fill" style={known ? { width: `${percent}%` } : undefined} />
          </div>
          <span className="download-amount" aria-hidden="true">
            {known
              ? `${percent}% · ${formatBytes(received)} of ${formatBytes(total)}`
              : received > 0
                ? formatBytes(received)
                : 'Starting…'}
          </span>
          <button type="button" className="button-quiet" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    }
    case 'saved':
      return (
        <p role="status" className="download-note">
          Saved to your downloads ({formatBytes(state.size)}).
        </p>
      );
    case 'cancelled':
      return <DownloadCancelledNote />;
    case 'failed':
      return (
        <DownloadFailedAlert
          message={failureMessage(state.failure)}
          canRetry={canRetry(state.failure)}
          onRetry={onRetry}
        />
      );
  }
}
