import type { Message } from '../../../api/messages';
import type { Attachment } from '../../../api/schemas';
import { isServiceUrl } from '../../../lib/origin-guard';
import { uniqueEntryNames } from '../../../lib/safe-file-name';
import { toMillis } from '../../../lib/time';
import { savedFileName, shownFileName } from '../../../lib/attachment-target';

/** One file of a "Download all" zip. */
export interface ZipEntryPlan {
  /** Passed the origin guard: the only urls that are ever requested. */
  url: string;
  /** The entry's name: the safe name, made unique within the zip (`report (2).pdf`). */
  name: string;
  /** The sender's name for it, for notes and messages (rendered as text). */
  shownName: string;
  /** The message's time, when it has one the zip format can hold. */
  lastModified: Date | undefined;
}

export interface ZipPlan {
  entries: ZipEntryPlan[];
  /** Attachments whose url is not on the service: left out, never requested (shown names). */
  foreign: string[];
}

/** The name the zip is saved under. */
export function zipFileName(conversationId: number): string {
  return `conversation-${conversationId}-attachments.zip`;
}

/** Zip (DOS) timestamps cover 1980 to 2107; anything else is left to the zip writer's "now". */
function zipDate(timestamp: number | undefined): Date | undefined {
  if (timestamp === undefined) return undefined;
  const date = new Date(toMillis(timestamp));
  const year = date.getFullYear();
  return year >= 1980 && year <= 2107 ? date : undefined;
}

/** Every attachment of the conversation with its message's time, in message order. */
export function attachmentsOf(messages: Message[]): { attachment: Attachment; time?: number }[] {
  return messages.flatMap((message) =>
    message.attachments.map((attachment) => ({ attachment, time: message.timestamp })),
  );
}

/**
 * What "Download all" will put in the zip: the same origin guard and safe names as a single
 * download, and entry names unique within the zip (compared as case-insensitive file systems do;
 * a repeat gets a numbered suffix before its extension).
 */
export function planZip(messages: Message[], serviceUrl: string): ZipPlan {
  const allowed: { attachment: Attachment; time?: number }[] = [];
  const foreign: string[] = [];
  for (const item of attachmentsOf(messages)) {
    if (isServiceUrl(item.attachment.url, serviceUrl)) allowed.push(item);
    else foreign.push(shownFileName(item.attachment));
  }
  const names = uniqueEntryNames(allowed.map(({ attachment }) => savedFileName(attachment)));
  return {
    entries: allowed.map(({ attachment, time }, index) => ({
      url: attachment.url,
      name: names[index]!,
      shownName: shownFileName(attachment),
      lastModified: zipDate(time),
    })),
    foreign,
  };
}
