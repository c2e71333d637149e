import * as v from 'valibot';
import { getJson, type RequestOptions, type ServiceSession } from './http';
import { attachmentSchema, pageSchema, type Attachment } from './schemas';

/**
 * ASSUMPTION (the interface names no operation that lists messages): messages
 * are read from `GET {serviceUrl}{messagesPath}`, `messagesPath` coming from
 * config.json (its default is set in lib/config.ts), with the same envelope
 * and cursor pagination as the conversation list. A message's only known field
 * is `attachments`; everything else is read defensively below.
 */
export const MESSAGES_PAGE_SIZE = 50;

const rawMessageSchema = v.looseObject({
  attachments: v.optional(v.array(v.unknown())),
});

export const messagePageSchema = pageSchema(rawMessageSchema);

export interface Message {
  /** The service's id when it sent one, otherwise a stable position-based key. */
  key: string;
  author: string | undefined;
  text: string | undefined;
  /** Raw timestamp (seconds or milliseconds, see lib/time). */
  timestamp: number | undefined;
  attachments: Attachment[];
  /** Attachments the service sent in a shape we cannot use. */
  unreadableAttachments: number;
}

export interface MessagePage {
  messages: Message[];
  next: string | undefined;
}

const TEXT_FIELDS = ['text', 'body', 'content', 'message', 'plainText', 'html_stripped'] as const;
const TIME_FIELDS = ['createdAt', 'created_at', 'sentAt', 'timestamp', 'updatedAt'] as const;
const AUTHOR_FIELDS = ['author', 'sender', 'from', 'senderName'] as const;

function firstString(record: Record<string, unknown>, fields: readonly string[]) {
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

function readAuthor(record: Record<string, unknown>): string | undefined {
  for (const field of AUTHOR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (value && typeof value === 'object') {
      const name = firstString(value as Record<string, unknown>, ['name', 'displayName', 'email']);
      if (name) return name;
    }
  }
  return undefined;
}

function readTimestamp(record: Record<string, unknown>): number | undefined {
  for (const field of TIME_FIELDS) {
    const value = record[field];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}

export function toMessage(record: Record<string, unknown>, position: number): Message {
  const attachments: Attachment[] = [];
  let unreadableAttachments = 0;
  for (const item of Array.isArray(record.attachments) ? record.attachments : []) {
    const parsed = v.safeParse(attachmentSchema, item);
    if (parsed.success) attachments.push(parsed.output);
    else unreadableAttachments += 1;
  }
  const id = record.id;
  return {
    key: typeof id === 'string' || typeof id === 'number' ? `id-${id}` : `pos-${position}`,
    author: readAuthor(record),
    text: firstString(record, TEXT_FIELDS),
    timestamp: readTimestamp(record),
    attachments,
    unreadableAttachments,
  };
}

export function messagesPathFor(template: string, conversationId: number): string {
  return template.replaceAll('{id}', encodeURIComponent(String(conversationId)));
}

export async function fetchMessagePage(
  session: ServiceSession,
  messagesPathTemplate: string,
  conversationId: number,
  next: string | undefined,
  offset: number,
  options: RequestOptions = {},
): Promise<MessagePage> {
  const page = await getJson(
    session,
    messagesPathFor(messagesPathTemplate, conversationId),
    { limit: MESSAGES_PAGE_SIZE, next },
    messagePageSchema,
    options,
  );
  return {
    messages: page.data.map((record, index) => toMessage(record, offset + index)),
    next: page.pagination?.next,
  };
}
