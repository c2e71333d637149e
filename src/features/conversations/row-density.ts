/*
 * "Compact rows": a preference of this browser, not a secret, so it is kept in localStorage. Read
 * by the first paint (src/boot/first-paint.ts) and by the inbox, so both draw rows of one height.
 * A storage that throws keeps the choice for this page only (the inbox's state).
 */

const COMPACT_ROWS = 'threadline.compact-rows';

export function compactRowsOn(): boolean {
  try {
    return localStorage.getItem(COMPACT_ROWS) === 'on';
  } catch {
    return false;
  }
}

export function storeCompactRows(on: boolean): void {
  try {
    localStorage.setItem(COMPACT_ROWS, on ? 'on' : '');
  } catch {
    // Kept for this page only.
  }
}
