import type { Message } from '../../../api/messages';
import type { Conversation } from '../../../api/schemas';
import { savedFileName, shownFileName } from '../../../lib/attachment-target';
import { t } from '../../../i18n/translate';
import { statusLabel } from '../../../lib/status';
import { escapeMarkdownBlock, escapeMarkdownInline } from './markdown-text';

export interface TranscriptInput {
  conversationId: number;
  /** The fields as the list loaded them; undefined when it has not (they are "not loaded"). */
  conversation: Conversation | undefined;
  /** Every message, in the service's order. */
  messages: Message[];
  /** The pane's date formatter, so the file says what the pane shows. */
  formatTime: (timestamp: number) => string;
  /** The time zone the times are in, e.g. "Europe/Berlin". */
  timeZone: string;
  /** When the transcript was made (a timestamp for formatTime). */
  exportedAt: number;
}

/*
 * The file is written in the agent's language (the words the app writes: headings, field names,
 * notes); what came from the service (text, names, types) stays as it came, escaped.
 */

function fieldLines(input: TranscriptInput): string[] {
  const { conversation, formatTime } = input;
  const names = [
    t('pane.status'),
    t('pane.contact'),
    t('pane.inbox'),
    t('pane.created'),
    t('pane.updated'),
  ];
  const values = conversation
    ? [
        escapeMarkdownInline(statusLabel(conversation.status)),
        String(conversation.contactId),
        String(conversation.inboxId),
        formatTime(conversation.createdAt),
        formatTime(conversation.updatedAt),
      ]
    : names.map(() => t('transcript.notLoaded'));
  return names.map((name, index) => `- ${name}: ${values[index]}`);
}

function messageBlock(message: Message, number: number, input: TranscriptInput): string {
  const author = message.author ? escapeMarkdownInline(message.author) : t('transcript.noAuthor');
  const time = message.timestamp ? input.formatTime(message.timestamp) : t('transcript.noTime');
  const parts = [`### ${number}. ${author} · ${time}`];
  const text = message.text ? escapeMarkdownBlock(message.text) : '';
  if (text) parts.push(text);
  else if (message.attachments.length === 0 && message.unreadableAttachments === 0)
    parts.push(`_${t('pane.messageEmpty')}_`);
  if (message.attachments.length > 0) {
    parts.push(
      t('transcript.attachments'),
      message.attachments
        .map((attachment) => {
          const shown = shownFileName(attachment);
          const saved = savedFileName(attachment);
          const name = escapeMarkdownInline(shown);
          const type = attachment.mimeType
            ? escapeMarkdownInline(attachment.mimeType)
            : t('pane.unknownType');
          const line =
            saved === shown
              ? t('transcript.attachment', { name, type })
              : t('transcript.attachmentSavesAs', {
                  name,
                  type,
                  saved: escapeMarkdownInline(saved),
                });
          return `- ${line}`;
        })
        .join('\n'),
    );
  }
  if (message.unreadableAttachments > 0) {
    parts.push(`_${t('pane.unreadableAttachments', { count: message.unreadableAttachments })}_`);
  }
  return parts.join('\n\n');
}

/**
 * A conversation as a Markdown file: a heading, the fields as a list, the time zone, then every
 * message with its author, time, text and attachment names. Everything that came from the service
 * is escaped (markdown-text.ts), so the file renders as the same text anywhere.
 */
export function conversationTranscript(input: TranscriptInput): string {
  const { conversationId, messages } = input;
  const blocks = [
    `# ${t('pane.heading', { number: `#${conversationId}` })}`,
    fieldLines(input).join('\n'),
    t('transcript.exported', {
      time: input.formatTime(input.exportedAt),
      zone: escapeMarkdownInline(input.timeZone),
    }),
    `## ${t('transcript.messagesHeading', { count: messages.length })}`,
    ...(messages.length === 0 ? [`_${t('pane.noMessages')}_`] : []),
    ...messages.map((message, index) => messageBlock(message, index + 1, input)),
  ];
  return `${blocks.join('\n\n')}\n`;
}
