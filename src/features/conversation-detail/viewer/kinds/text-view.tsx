import { useEffect, useState } from 'react';
import { formatBytes } from '../../../../i18n/format';
import { useTranslation } from '../../../../i18n/use-translation';
import { Translated } from '../../../../i18n/translated';
import { TEXT_SHOWN_BYTES } from '../viewer-limits';
import { CsvTable } from './csv-table';
import { decodeText, type DecodedText } from './decode-text';

interface TextViewProps {
  blob: Blob;
  /** A CSV: shown as a table first, with its text a click away. */
  csv: boolean;
  name: string;
}

/**
 * Text, JSON, logs, Markdown and CSV as plain text in a monospaced block: React text, never HTML,
 * never rendered Markdown. The first MiB, decoded as UTF-8.
 */
export function TextView({ blob, csv, name }: TextViewProps) {
  const { t } = useTranslation();
  const [decoded, setDecoded] = useState<DecodedText | null>(null);
  const [asTable, setAsTable] = useState(csv);

  useEffect(() => {
    let live = true;
    void decodeText(blob).then((result) => {
      if (live) setDecoded(result);
    });
    return () => {
      live = false;
    };
  }, [blob]);

  if (!decoded) {
    return (
      <p role="status">
        <Translated id="viewer.reading" values={{ name: <bdi>{name}</bdi> }} />
      </p>
    );
  }
  return (
    <div className="viewer-text-view">
      {csv ? (
        <div className="viewer-toolbar" role="group" aria-label={t('viewer.showAs')}>
          <button type="button" aria-pressed={asTable} onClick={() => setAsTable(true)}>
            {t('viewer.table')}
          </button>
          <button type="button" aria-pressed={!asTable} onClick={() => setAsTable(false)}>
            {t('viewer.text')}
          </button>
        </div>
      ) : null}
      {decoded.cut ? (
        <p className="viewer-hint">
          {t('viewer.textCut', {
            shown: formatBytes(TEXT_SHOWN_BYTES),
            total: formatBytes(blob.size),
          })}
        </p>
      ) : null}
      {csv && asTable ? (
        <CsvTable text={decoded.text} name={name} />
      ) : (
        <pre
          className="viewer-text"
          tabIndex={0}
          aria-label={t('viewer.textOf', { name })}
          dir="auto"
        >
          {decoded.text}
        </pre>
      )}
    </div>
  );
}
