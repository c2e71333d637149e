import type { Message } from '../../../api/messages';
import type { Conversation } from '../../../api/schemas';
import { savedFileName, shownFileName } from '../../../lib/attachment-target';
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

const NOT_LOADED = 'not loaded';

function fieldLines(input: TranscriptInput): string[] {
  const { conversation, formatTime } = input;
  const fields: [string, string][] = conversation
    ? [
        ['Status', escapeMarkdownInline(statusLabel(conversation.status))],
        ['Contact', String(conversation.contactId)],
        ['Inbox', String(conversation.inboxId)],
        ['Created', formatTime(conversation.createdAt)],
        ['Updated', formatTime(conversation.updatedAt)],
      ]
    : ['Status', 'Contact', 'Inbox', 'Created', 'Updated'].map((name) => [name, NOT_LOADED]);
  return fields.map(([name, value]) => `- ${name}: ${value}`);
}

function messageBlock(message: Message, number: number, input: TranscriptInput): string {
  const author = message.author ? escapeMarkdownInline(message.author) : 'No author given';
  const time = message.timestamp ? input.formatTime(message.timestamp) : 'no time given';
  const parts = [`### ${number}. ${author} · ${time}`];
  const text = message.text ? escapeMarkdownBlock(message.text) : '';
  if (text) parts.push(text);
  else if (message.attachments.length === 0 && message.unreadableAttachments === 0)
    parts.push('_This message has no text the viewer can show._');
  if (message.attachments.length > 0) {
    parts.push(
      'Attachments:',
      message.attachments
        .map((attachment) => {
          const shown = shownFileName(attachment);
          const saved = savedFileName(attachment);
          const type = escapeMarkdownInline(attachment.mimeType || 'unknown type');
          const savesAs = saved === shown ? '' : `, saves as ${escapeMarkdownInline(saved)}`;
          return `- ${escapeMarkdownInline(shown)} (${type}${savesAs})`;
        })
        .join('\n'),
    );
  }
  if (message.unreadableAttachments > 0) {
    parts.push(
      message.unreadableAttachments === 1
        ? '_1 attachment could not be shown: the service sent it in an unknown shape._'
        : `_${message.unreadableAttachments} attachments could not be shown: the service sent them in an unknown shape._`,
    );
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
  const count = messages.length === 1 ? '1 message' : `${messages.length} messages`;
  const blocks = [
    `# Conversation #${conversationId}`,
    fieldLines(input).join('\n'),
    `Exported ${input.formatTime(input.exportedAt)}. Times are in the time zone ${escapeMarkdownInline(input.timeZone)}.`,
    `## Messages (${count})`,
    ...(messages.length === 0 ? ['_This conversation has no messages._'] : []),
    ...messages.map((message, index) => messageBlock(message, index + 1, input)),
  ];
  return `${blocks.join('\n\n')}\n`;
}
