import './downloads-panel.css';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../../../ui/app-link';
import { useTranslation } from '../../../i18n/use-translation';
import { DownloadAllStatus } from '../controls/download-all-status';
import { DownloadStatus } from '../controls/download-status';
import { TextWithName } from '../controls/text-with-name';
import { isActive, type DownloadEntry } from '../manager/download-manager';
import { useDownloadManager, useDownloads } from '../manager/use-downloads';

/** The same states as in the pane: progress and Cancel, the outcome, Retry after a failure. */
function EntryState({ entry }: { entry: DownloadEntry }) {
  const manager = useDownloadManager();
  const cancel = () => manager.cancel(entry.key);
  const retry = () => manager.retry(entry.key);
  return entry.kind === 'zip' ? (
    <DownloadAllStatus entry={entry} onCancel={cancel} onRetry={retry} />
  ) : (
    <DownloadStatus entry={entry} onCancel={cancel} onRetry={retry} />
  );
}

/**
 * Every download of this session, newest first: name, its conversation (a link that keeps the
 * filters), progress with Cancel while running, Retry after a failure, "Saved" when done. Not
 * modal: the agent can go on working with it open. Esc closes it.
 */
export function DownloadsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useDownloads();
  const manager = useDownloadManager();
  const { search } = useLocation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const finished = entries.some((entry) => !isActive(entry));

  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      id="downloads-panel"
      className="downloads-panel"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled: the list's Esc (close the conversation) must not fire too.
        event.preventDefault();
        onClose();
      }}
    >
      <header className="downloads-panel-header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {t('downloads.title')}
        </h2>
        {finished ? (
          <button type="button" className="button-quiet" onClick={() => manager.clearFinished()}>
            {t('downloadsPanel.clearFinished')}
          </button>
        ) : null}
        <button
          type="button"
          className="button-quiet"
          aria-label={t('downloadsPanel.closePanel')}
          onClick={onClose}
        >
          {t('downloadsPanel.close')}
        </button>
      </header>
      {entries.length === 0 ? (
        <p className="download-note">{t('downloadsPanel.empty')}</p>
      ) : (
        <ul className="downloads-list">
          {entries.map((entry) => (
            <li key={entry.key} className="downloads-item" aria-label={entry.name}>
              <bdi className="attachment-name">{entry.name}</bdi>
              <AppLink
                className="downloads-conversation"
                to={`/conversations/${entry.conversationId}${search}`}
              >
                <TextWithName
                  id="downloadsPanel.conversationLink"
                  name={`#${entry.conversationId}`}
                />
              </AppLink>
              <EntryState entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
