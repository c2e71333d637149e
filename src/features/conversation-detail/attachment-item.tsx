import type { Attachment } from '../../api/schemas';
import { useSession } from '../../lib/session-context';
import { AttachmentThumbnail } from './attachment-thumbnail';
import { DownloadStatus } from './download-status';
import type { DownloadOptions } from './download-settings';
import { savedFileName, shownFileName } from './download-target';
import { formatBytes } from './format-bytes';
import { isPreviewable } from './previewable';
import { useDownload } from './use-download';

interface AttachmentItemProps {
  attachment: Attachment;
  downloadOptions?: Partial<DownloadOptions> | undefined;
}

/**
 * A thumbnail for raster images (see attachment-thumbnail.tsx), then name, media type, size once
 * a download has seen it, and "Download {name}". The name is the
 * sender's raw text, rendered by React as text; the file is saved under the safe name.
 */
export function AttachmentItem({ attachment, downloadOptions }: AttachmentItemProps) {
  const { state, knownSize, start, cancel } = useDownload(attachment, downloadOptions);
  const safeName = savedFileName(attachment);
  const shownName = shownFileName(attachment);
  const running = state.phase === 'running';
  const { serviceUrl } = useSession();

  return (
    <li className="attachment">
      {isPreviewable(attachment, serviceUrl) ? (
        <AttachmentThumbnail attachment={attachment} name={shownName} />
      ) : null}
      <div className="attachment-info">
        <span className="attachment-name">{shownName}</span>
        <span className="attachment-meta">
          {attachment.mimeType || 'unknown type'}
          {knownSize !== undefined ? ` · ${formatBytes(knownSize)}` : null}
        </span>
        {safeName !== attachment.fileName ? (
          <span className="attachment-meta">Saves as “{safeName}”</span>
        ) : null}
      </div>
      {running ? null : (
        <button type="button" className="attachment-download" onClick={start}>
          Download<span className="visually-hidden"> {shownName}</span>
        </button>
      )}
      <DownloadStatus fileName={shownName} state={state} onCancel={cancel} onRetry={start} />
    </li>
  );
}
