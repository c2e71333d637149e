import { ApiError, formatDuration, isApiError } from '../../../api/errors';
import { t } from '../../../i18n/translate';

/**
 * A download fails with an ApiError like every other request (api/errors.ts). What the agent is
 * told, and whether Retry is offered, depends on which of these it is.
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

/** The failures a download finds itself, with no answer of the service to build them from. */
type OwnKind = 'stalled' | 'incomplete' | 'refused' | 'browser' | 'cancelled';

/**
 * An ApiError of one of those own kinds, built from the kind alone (the download worker's page
 * side, worker-download.ts, makes them this way). Nothing tells it apart from any other ApiError.
 */
export class DownloadFailure extends ApiError {
  constructor(kind: OwnKind, init: { detail?: string | number } = {}) {
    super({ kind, type: kind, detail: init.detail });
  }
}

/** Which failure this is for the agent; anything that is not an ApiError counts as a lost connection. */
export function failureKind(error: unknown): DownloadFailureKind {
  if (!isApiError(error)) return 'network';
  switch (error.kind) {
    case 'stalled':
    case 'incomplete':
    case 'refused':
    case 'browser':
    case 'cancelled':
      return error.kind;
    default:
      break;
  }
  const { status } = error;
  if (status === undefined) return error.type === 'not_found' ? 'not-found' : 'network';
  if (status === 401) return 'unauthorized';
  if (status === 404 || status === 410) return 'not-found';
  if (status >= 500 || status === 408 || status === 429) return 'server';
  return 'http';
}

/**
 * What the agent reads, in the language in use. Hosts and names are shown as React text, never as
 * HTML.
 */
export function failureMessage(error: unknown): string {
  const status = String(isApiError(error) ? error.status : '');
  const detail = isApiError(error) ? error.detail : undefined;
  switch (failureKind(error)) {
    case 'unauthorized':
      return t('downloadsPanel.failureUnauthorized');
    case 'not-found':
      return t('downloadsPanel.failureNotFound');
    case 'server':
      return t('downloadsPanel.failureServer', { status });
    case 'http':
      return t('downloadsPanel.failureHttp', { status });
    case 'network':
      return t('downloadsPanel.failureNetwork');
    case 'stalled':
      return t('downloadsPanel.failureStalled', {
        duration: formatDuration(typeof detail === 'number' ? detail : 30_000),
      });
    case 'incomplete':
      return t('downloadsPanel.failureIncomplete');
    case 'refused':
      return t('downloadsPanel.failureRefused', { address: String(detail ?? '?') });
    case 'browser':
      return t('downloadsPanel.failureBrowser');
    case 'cancelled':
      return t('downloadsPanel.cancelled');
  }
}

/**
 * What the agent reads when a Download all ends without a saved zip, and the file it failed on
 * (the error's fileName, the sender's text): the alert shows that name isolated (<bdi>) in its
 * own message (downloads.failedOnFile), so it is not part of `message`.
 */
export function downloadAllFailure(error: unknown): { message: string; fileName?: string } {
  const kind = failureKind(error);
  const fileName = isApiError(error) ? error.fileName : undefined;
  if (kind === 'not-found' && fileName === undefined)
    return { message: t('downloadsPanel.noneAvailable') };
  if (kind === 'browser') return { message: t('downloadsPanel.failureZipBrowser') };
  const message = failureMessage(error);
  return fileName === undefined ? { message } : { message, fileName };
}

/** Retry helps unless the file is gone, the address is foreign, or the session ended. */
export function canRetry(error: unknown): boolean {
  return !['unauthorized', 'not-found', 'refused', 'cancelled'].includes(failureKind(error));
}
