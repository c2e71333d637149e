import { useId } from 'react';
import { formatBytes } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import type { DownloadEntry } from '../manager/download-manager';

interface EntryProgressProps {
  entry: DownloadEntry;
  /** The progressbar's name, e.g. "Downloading report.pdf". */
  label: string;
  onCancel: () => void;
}

/**
 * A running download: a progressbar (a percentage from Content-Length, indeterminate without it),
 * bytes so far / total, and Cancel. The same in the pane and in the downloads panel. A large
 * download the browser cannot stream (no download worker, or no transferable streams, as in
 * WebKit) says so: it lives in this tab's memory until saved.
 */
export function EntryProgress({ entry, label, onCancel }: EntryProgressProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const noteId = useId();
  const { received, total, file, files } = entry;
  const known = total !== undefined && total > 0;
  const percent = known ? Math.min(100, Math.floor((received / total) * 100)) : undefined;
  const which =
    entry.kind === 'zip' && files
      ? file
        ? t('downloadsPanel.fileOfFiles', { file, count: files })
        : t('downloadsPanel.fileCount', { count: files })
      : '';
  const sizes = { received: formatBytes(received), total: formatBytes(total ?? 0) };
  const fraction = (percent ?? 0) / 100;
  const amount = known
    ? t('downloadsPanel.progress', { percent: fraction, ...sizes })
    : t('downloadsPanel.received', sizes);
  const shown = known
    ? t('downloadsPanel.progressShort', { percent: fraction, ...sizes })
    : received > 0
      ? sizes.received
      : t('downloadsPanel.starting');
  return (
    <div className="download-progress">
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-describedby={entry.inMemory ? noteId : undefined}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? 100 : undefined}
        aria-valuenow={percent}
        aria-valuetext={which ? t('downloadsPanel.progressWithFiles', { amount, which }) : amount}
        className={`progress-track${known ? '' : ' progress-indeterminate'}`}
      >
        <div className="progress-fill" style={known ? { width: `${percent}%` } : undefined} />
      </div>
      <span className="download-amount" aria-hidden="true">
        {which ? t('downloadsPanel.progressShortWithFiles', { amount: shown, which }) : shown}
      </span>
      <button type="button" className="button-quiet" onClick={onCancel}>
        {t('downloadsPanel.cancel')}
      </button>
      {entry.inMemory ? (
        <p id={noteId} className="download-note">
          {t('downloadsPanel.inMemory')}
        </p>
      ) : null}
    </div>
  );
}
