import * as v from 'valibot';
import { CURSOR_PATTERN } from './cursor';

/**
 * Run-time shapes of everything the service sends. The interface fixes the
 * conversation and envelope fields; anything else is tolerated and ignored.
 */

const integer = v.pipe(v.number(), v.integer());

export const conversationSchema = v.object({
  id: integer,
  status: v.string(),
  contactId: integer,
  inboxId: integer,
  createdAt: integer,
  updatedAt: integer,
});
export type Conversation = v.InferOutput<typeof conversationSchema>;

export const paginationSchema = v.object({
  more: v.boolean(),
  // A string holding an integer; kept as the exact string the service sent.
  next: v.pipe(v.string(), v.regex(CURSOR_PATTERN, 'pagination.next must hold an integer')),
});

export const errorItemSchema = v.object({
  type: v.string(),
  message: v.string(),
  param: v.optional(v.string()),
});

export const errorEnvelopeSchema = v.object({
  errors: v.pipe(v.array(errorItemSchema), v.minLength(1)),
});

export function pageSchema<T extends v.GenericSchema>(item: T) {
  return v.object({
    data: v.array(item),
    pagination: v.optional(paginationSchema),
  });
}

export const conversationPageSchema = pageSchema(conversationSchema);
export type ConversationPage = v.InferOutput<typeof conversationPageSchema>;

export const attachmentSchema = v.object({
  fileName: v.string(),
  mimeType: v.string(),
  url: v.string(),
});
export type Attachment = v.InferOutput<typeof attachmentSchema>;
