import type { MessagePage } from '../../../api/messages';
import type { ConversationActionProps } from '../../../lib/attachment-actions';
import { useTranslation } from '../../../i18n/use-translation';
import { useSession, useSessionContext } from '../../../lib/session-context';
import { isActive } from '../manager/download-manager';
import { useDownloadsContext } from '../manager/downloads-context';
import { useDownloadEntry, useDownloadManager } from '../manager/use-downloads';
import { zipJob } from '../manager/jobs';
import { zipDownloadKey } from '../manager/keys';
import { DownloadAllStatus, SkippedFilesList } from './download-all-status';
import { useKeepFocusWithin } from '../../../ui/use-keep-focus-within';

function countAttachments(pages: MessagePage[]): number {
  let count = 0;
  for (const page of pages) {
    for (const message of page.messages) count += message.attachments.length;
  }
  return count;
}

/**
 * "Download all attachments": offered once the messages loaded so far carry two or more
 * attachments. Saves them as one zip, conversation-{id}-attachments.zip (see zip-download.ts); the
 * app-wide manager runs it, so it goes on when the pane closes.
 */
export function DownloadAll({
  conversationId,
  pages,
  hasNextPage,
  loadAllPages,
}: ConversationActionProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { signOut } = useSessionContext();
  const onUnauthorized = () => signOut('expired');
  const manager = useDownloadManager();
  const { options } = useDownloadsContext();
  const key = zipDownloadKey(conversationId);
  const entry = useDownloadEntry(key);
  const count = countAttachments(pages);
  const sectionRef = useKeepFocusWithin();
  if (count < 2 && !entry) return null;
  const start = () =>
    manager.start(
      zipJob({
        conversationId,
        session,
        pages,
        hasNextPage,
        loadAllPages,
        onUnauthorized,
        options,
      }),
    );

  return (
    <section
      ref={sectionRef}
      className="download-all"
      aria-label={t('downloadsPanel.allAttachments')}
    >
      <div className="download-all-bar">
        {entry && isActive(entry) ? null : (
          <button type="button" onClick={start}>
            {t('downloadsPanel.downloadAll')}
          </button>
        )}
        <span className="attachment-meta">
          {hasNextPage
            ? t('downloadsPanel.countSoFar', { count })
            : t('downloadsPanel.countAll', { count })}
        </span>
      </div>
      <DownloadAllStatus entry={entry} onCancel={() => manager.cancel(key)} onRetry={start} />
      {entry?.skipped ? <SkippedFilesList skipped={entry.skipped} /> : null}
    </section>
  );
}
