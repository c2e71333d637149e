/** Tunables of the attachment download engine. Tests may lower the timers through options. */

/** No bytes for this long fails a download as stalled. */
export const STALL_TIMEOUT_MS = 30_000;

/** Files up to this size (by Content-Length) are collected in memory and saved as a Blob. */
export const SMALL_FILE_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * How long a Blob's object URL outlives the click that saves it. Chromium resolves the URL
 * asynchronously, so revoking at once could cancel the save; a minute is safe everywhere.
 */
export const REVOKE_DELAY_MS = 60_000;

/** How long the page waits for the download worker to install and take control. */
export const WORKER_SETUP_TIMEOUT_MS = 15_000;

/**
 * A large download's ticket: how long the page waits for the worker to accept it before it falls
 * back to the Blob path (an older worker that does not know tickets never answers).
 */
export const TICKET_READY_TIMEOUT_MS = 5_000;

/**
 * The hidden iframe of a finished worker download stays this long: a ticket's navigation is still
 * being turned into a download when the worker says it started, and a streamed file may still be
 * being written when its last bytes have left the worker. A failed one's goes once the worker's
 * empty answer has loaded in it, or after this long at the latest.
 */
export const DOWNLOAD_FRAME_LINGER_MS = 60_000;

/** The page pings the worker this often during a download so the browser keeps it alive. */
export const WORKER_KEEPALIVE_MS = 10_000;

/**
 * Download all: requests open at once (the file being read plus those fetched ahead). Their sizes
 * are what makes overall progress a percentage; a small number leaves connections for the app.
 */
export const ZIP_LOOKAHEAD = 4;

export interface DownloadOptions {
  stallTimeoutMs: number;
  revokeDelayMs: number;
  /** Optional so callers that set only the others keep working. */
  ticketReadyTimeoutMs?: number;
  /** Automatic retries of a transient failure (api/retry.ts); tests turn them off like React Query's. */
  retries?: number;
}

export const DEFAULT_DOWNLOAD_OPTIONS: DownloadOptions = {
  stallTimeoutMs: STALL_TIMEOUT_MS,
  revokeDelayMs: REVOKE_DELAY_MS,
  ticketReadyTimeoutMs: TICKET_READY_TIMEOUT_MS,
};
