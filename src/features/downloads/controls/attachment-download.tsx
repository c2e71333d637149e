import type { AttachmentActionProps } from '../../../lib/attachment-actions';
import { shownFileName } from '../../../lib/attachment-target';
import { formatBytes } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import { useSession, useSessionContext } from '../../../lib/session-context';
import { isActive } from '../manager/download-manager';
import { useDownloadsContext } from '../manager/downloads-context';
import { useDownloadEntry, useDownloadManager } from '../manager/use-downloads';
import { fileJob } from '../manager/jobs';
import { fileDownloadKey } from '../manager/keys';
import { useKeepFocusWithin } from '../../../ui/use-keep-focus-within';
import { DownloadStatus } from './download-status';

/**
 * "Download {name}" and the state of that attachment's download, which the app-wide manager
 * owns: close the pane and come back, and the same download shows here, still running or done.
 */
export function AttachmentDownload({ attachment, conversationId }: AttachmentActionProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { signOut } = useSessionContext();
  const onUnauthorized = () => signOut('expired');
  const manager = useDownloadManager();
  const { options } = useDownloadsContext();
  const key = fileDownloadKey(conversationId, attachment.url);
  const entry = useDownloadEntry(key);
  const name = shownFileName(attachment);
  const start = () =>
    manager.start(fileJob({ attachment, conversationId, session, onUnauthorized, options }));
  const size = entry?.total;
  const controlsRef = useKeepFocusWithin();

  return (
    <span ref={controlsRef} className="attachment-download-controls">
      {size !== undefined ? <span className="attachment-meta">{formatBytes(size)}</span> : null}
      {entry && isActive(entry) ? null : (
        <button
          type="button"
          className="attachment-download"
          aria-label={t('downloadsPanel.downloadFile', { name })}
          onClick={start}
        >
          {t('downloadsPanel.download')}
        </button>
      )}
      <DownloadStatus entry={entry} onCancel={() => manager.cancel(key)} onRetry={start} />
    </span>
  );
}
