// The browser build: ES modules (no CommonJS interop in a lazy chunk) with its own Buffer.
import { parse } from 'csv-parse/browser/esm/sync';

export interface CsvRows {
  head: string[];
  rows: string[][];
  /** More rows followed than `maxRows`. */
  more: boolean;
}

/**
 * A CSV's first row and up to `maxRows` rows after it (csv-parse: quotes, embedded commas and line
 * breaks as RFC 4180 says; rows of uneven length and stray quotes are kept, not refused). Loaded
 * on demand, a chunk of its own, when a CSV is shown as a table. Throws on text it cannot read
 * as CSV.
 */
export function parseCsv(text: string, maxRows: number): CsvRows {
  const records: string[][] = parse(text, {
    to: maxRows + 2,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    bom: true,
  });
  const [head = [], ...rest] = records;
  return { head, rows: rest.slice(0, maxRows), more: rest.length > maxRows };
}
