/**
 * Every way a download can end without a saved file. The hook maps these to what the agent
 * sees: a message, and a Retry button when another attempt can help.
 */
export type DownloadFailureKind =
  /** The service no longer accepts the token (401): the session ends. */
  | 'unauthorized'
  /** 404 (or 410): the attachment is gone. */
  | 'not-found'
  /** 5xx, 408 or 429: the service had a problem. */
  | 'server'
  /** Any other refusal (403, 400, …). */
  | 'http'
  /** No answer, connection lost, or a redirect (refused: the token must not follow one). */
  | 'network'
  /** No bytes arrived for the stall timeout. */
  | 'stalled'
  /** The body ended before Content-Length bytes arrived. */
  | 'incomplete'
  /** The attachment's url is not on the service: nothing was requested. */
  | 'refused'
  /** The browser could not start the download (download worker failed). */
  | 'browser'
  /** The agent cancelled, or the browser's download manager did. */
  | 'cancelled';

export class DownloadFailure extends Error {
  readonly kind: DownloadFailureKind;
  readonly status: number | undefined;
  /** For 'refused': the foreign host, for 'stalled': the timeout in ms. */
  readonly detail: string | number | undefined;

  constructor(kind: DownloadFailureKind, init: { status?: number; detail?: string | number } = {}) {
    super(`Download failed: ${kind}${init.status ? ` (HTTP ${init.status})` : ''}`);
    this.name = 'DownloadFailure';
    this.kind = kind;
    this.status = init.status;
    this.detail = init.detail;
  }
}

export function isDownloadFailure(error: unknown): error is DownloadFailure {
  return error instanceof DownloadFailure;
}

/** The failure for an HTTP error status from the attachment url. */
export function failureForStatus(status: number): DownloadFailure {
  if (status === 401) return new DownloadFailure('unauthorized', { status });
  if (status === 404 || status === 410) return new DownloadFailure('not-found', { status });
  if (status >= 500 || status === 408 || status === 429) {
    return new DownloadFailure('server', { status });
  }
  return new DownloadFailure('http', { status });
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} milliseconds`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** What the agent reads. Hosts and names are shown as React text, never as HTML. */
export function failureMessage(failure: DownloadFailure): string {
  switch (failure.kind) {
    case 'unauthorized':
      return 'Your session ended: the service no longer accepts your access token.';
    case 'not-found':
      return 'This attachment is no longer available.';
    case 'server':
      return `The service could not send this file (HTTP ${failure.status ?? 'error'}). Nothing was saved; try again in a moment.`;
    case 'http':
      return `The service refused this download (HTTP ${failure.status ?? 'error'}). Nothing was saved.`;
    case 'network':
      return 'The download failed: the service could not be reached or the connection was lost. Nothing was saved.';
    case 'stalled':
      return `The download stalled: no data arrived for ${formatDuration(
        typeof failure.detail === 'number' ? failure.detail : 30_000,
      )}.`;
    case 'incomplete':
      return 'The download was interrupted before the whole file arrived. Nothing was saved.';
    case 'refused':
      return `This attachment's address is not on your service (${String(
        failure.detail ?? 'unknown address',
      )}); it was not downloaded.`;
    case 'browser':
      return 'Your browser could not start the download. Nothing was saved.';
    case 'cancelled':
      return 'Download cancelled. Nothing was saved.';
  }
}

/** Retry helps unless the file is gone, the address is foreign, or the session ended. */
export function canRetry(failure: DownloadFailure): boolean {
  return !['unauthorized', 'not-found', 'refused', 'cancelled'].includes(failure.kind);
}
