/**
 * The viewer's limits. Files larger than VIEW_MAX_BYTES are never read into the page (the same
 * line the downloads feature draws between a Blob and the browser's own download); text shows its
 * first TEXT_SHOWN_BYTES, a CSV table its first CSV_TABLE_ROWS rows.
 */
export const VIEW_MAX_BYTES = 50 * 1024 * 1024;
export const TEXT_SHOWN_BYTES = 1024 * 1024;
export const CSV_TABLE_ROWS = 1000;

/** A file that receives nothing for this long is given up (an error with Retry). */
export const VIEW_STALL_MS = 30_000;
