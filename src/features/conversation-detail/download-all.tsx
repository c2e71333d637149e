import type { MessagePage } from '../../api/messages';
import { DownloadAllNotesList, DownloadAllStatus } from './download-all-status';
import type { DownloadOptions } from './download-settings';
import { useDownloadAll } from './use-download-all';

interface DownloadAllProps {
  conversationId: number;
  pages: MessagePage[];
  hasNextPage: boolean;
  loadAllPages: () => Promise<MessagePage[]>;
  downloadOptions?: Partial<DownloadOptions> | undefined;
}

function countAttachments(pages: MessagePage[]): number {
  let count = 0;
  for (const page of pages) {
    for (const message of page.messages) count += message.attachments.length;
  }
  return count;
}

/**
 * "Download all attachments": offered once the messages loaded so far carry two or more
 * attachments. Saves them as one zip, conversation-{id}-attachments.zip (see zip-download.ts).
 */
export function DownloadAll({
  conversationId,
  pages,
  hasNextPage,
  loadAllPages,
  downloadOptions,
}: DownloadAllProps) {
  const { state, notes, start, cancel } = useDownloadAll({
    conversationId,
    pages,
    hasNextPage,
    loadAllPages,
    downloadOptions,
  });
  const count = countAttachments(pages);
  if (count < 2 && state.phase === 'idle') return null;
  const busy = state.phase === 'running' || state.phase === 'loading-messages';

  return (
    <section className="download-all" aria-label="All attachments">
      <div className="download-all-bar">
        {busy ? null : (
          <button type="button" onClick={start}>
            Download all attachments
          </button>
        )}
        <span className="attachment-meta">
          {hasNextPage
            ? `${count} attachments in the messages loaded so far; the rest of the messages load first.`
            : `${count} attachments, saved as one zip.`}
        </span>
      </div>
      <DownloadAllStatus state={state} onCancel={cancel} onRetry={start} />
      <DownloadAllNotesList notes={notes} />
    </section>
  );
}
