/** The end states a single download and "Download all" share. */
export function DownloadCancelledNote() {
  return (
    <p role="status" className="download-note">
      Download cancelled. Nothing was saved.
    </p>
  );
}

interface DownloadFailedAlertProps {
  message: string;
  canRetry: boolean;
  onRetry: () => void;
}

export function DownloadFailedAlert({ message, canRetry, onRetry }: DownloadFailedAlertProps) {
  return (
    <div role="alert" className="alert download-alert">
      <p>{message}</p>
      {canRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
