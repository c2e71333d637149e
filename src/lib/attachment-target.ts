import type { Attachment } from '../api/schemas';
import { isServiceUrl } from './origin-guard';
import { revealHiddenCharacters, toSafeFileName } from './safe-file-name';

const MAX_SHOWN_HOST_LENGTH = 80;

/** `<DOC_ID>` from `{base_url}/attachments/<DOC_ID>/data`, or '' when the url has another shape. */
export function docIdOf(url: string): string {
  const match = /\/attachments\/([^/?#]+)\/data(?:[?#]|$)/.exec(url);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The name the file is saved under; see lib/safe-file-name for the rules. */
export function savedFileName(attachment: Attachment): string {
  return toSafeFileName(attachment.fileName, docIdOf(attachment.url));
}

/**
 * The name to show: the sender's text (React renders it as text) with any bidi formatting or
 * control character made visible, or the safe name if blank. The pane adds the saved name when it differs.
 */
export function shownFileName(attachment: Attachment): string {
  return attachment.fileName.trim() === ''
    ? savedFileName(attachment)
    : revealHiddenCharacters(attachment.fileName);
}

/** The host to name in the refusal, shortened; the url itself is untrusted text. */
export function foreignHost(url: string): string {
  let host: string;
  try {
    host = new URL(url).host || url;
  } catch {
    host = url;
  }
  if (host.trim() === '') return 'an address without a host';
  return host.length > MAX_SHOWN_HOST_LENGTH ? `${host.slice(0, MAX_SHOWN_HOST_LENGTH)}…` : host;
}

export type DownloadTarget =
  { allowed: true; url: string; fileName: string } | { allowed: false; host: string };

/**
 * The origin guard: the token goes only to the service's origin, under its base path. Anything
 * else is refused before any request is made.
 */
export function resolveDownloadTarget(attachment: Attachment, serviceUrl: string): DownloadTarget {
  if (!isServiceUrl(attachment.url, serviceUrl)) {
    return { allowed: false, host: foreignHost(attachment.url) };
  }
  return { allowed: true, url: attachment.url, fileName: savedFileName(attachment) };
}
