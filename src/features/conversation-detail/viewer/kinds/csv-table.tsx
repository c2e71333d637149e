import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { CSV_TABLE_ROWS } from '../viewer-limits';
import type { CsvRows } from './parse-csv';
import { ViewNote } from './view-note';

/**
 * A CSV's rows as a table, the first row as column headings, at most CSV_TABLE_ROWS rows below it.
 * Every cell is React text. The parser (csv-parse) loads on first use.
 */
export function CsvTable({ text, name }: { text: string; name: string }) {
  const { t } = useTranslation();
  const [table, setTable] = useState<CsvRows | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    import('./parse-csv')
      .then(({ parseCsv }) => parseCsv(text, CSV_TABLE_ROWS))
      .then(
        (rows) => live && setTable(rows),
        () => live && setTable('failed'),
      );
    return () => {
      live = false;
    };
  }, [text]);

  if (table === null) return <p role="status">{t('viewer.readingTable')}</p>;
  if (table === 'failed') {
    return <ViewNote>{t('viewer.tableFailed')}</ViewNote>;
  }
  const { head, rows, more } = table;
  const width = Math.max(head.length, ...rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, i) => i);
  return (
    <>
      {more ? (
        <p className="viewer-hint">{t('viewer.tableCut', { rows: CSV_TABLE_ROWS })}</p>
      ) : null}
      <div
        className="viewer-table-scroller"
        tabIndex={0}
        role="region"
        aria-label={t('viewer.tableOf', { name })}
      >
        <table className="viewer-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" dir="auto">
                  {head[column] ?? ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column} dir="auto">
                    {row[column] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
