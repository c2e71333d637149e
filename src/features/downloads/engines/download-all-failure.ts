import { canRetry, DownloadFailure, failureMessage, isDownloadFailure } from './download-failure';

/**
 * Why a "Download all" ended without a saved zip: the failure (same kinds as a single download)
 * and the file it happened on, when it was one file's.
 */
export class DownloadAllFailure extends Error {
  readonly failure: DownloadFailure;
  readonly fileName: string | undefined;

  constructor(failure: DownloadFailure, fileName?: string) {
    super(`Download all failed: ${failure.kind}${fileName ? ` (${fileName})` : ''}`);
    this.name = 'DownloadAllFailure';
    this.failure = failure;
    this.fileName = fileName;
  }
}

export function isDownloadAllFailure(error: unknown): error is DownloadAllFailure {
  return error instanceof DownloadAllFailure;
}

/** Any error of a run as a DownloadAllFailure (unknown errors count as network failures). */
export function toDownloadAllFailure(error: unknown): DownloadAllFailure {
  if (isDownloadAllFailure(error)) return error;
  return new DownloadAllFailure(isDownloadFailure(error) ? error : new DownloadFailure('network'));
}

/** What the agent reads; the file name is the sender's text, rendered by React as text. */
export function downloadAllMessage({ failure, fileName }: DownloadAllFailure): string {
  if (failure.kind === 'not-found' && fileName === undefined) {
    return 'None of the attachments is available any more. Nothing was saved.';
  }
  if (failure.kind === 'browser') {
    return 'Your browser could not save the zip. Nothing was saved.';
  }
  const message = failureMessage(failure);
  return fileName === undefined ? message : `“${fileName}”: ${message}`;
}

export function canRetryDownloadAll({ failure }: DownloadAllFailure): boolean {
  return canRetry(failure);
}
