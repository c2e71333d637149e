import type { AttachmentSpec } from './attachment-kinds.ts';
import {
  GALLERY_ATTACHMENTS,
  HOSTILE_ATTACHMENTS,
  KIND_WEIGHTS,
  kindForMimeType,
  LARGE_ATTACHMENTS,
  largeAttachment,
  randomAttachment,
} from './attachment-kinds.ts';
import type { Conversation, ConversationSnapshot } from './dataset.ts';
import type { Rng } from './prng.ts';
import { hash32, mulberry32, pick, pickWeighted, randInt } from './prng.ts';
import { VIEWER_SAMPLES, VIEWER_THREAD_LENGTH } from './viewer-samples.ts';
import { AGENT_LINES, AGENT_NAMES, CONTACT_LINES, FIRST_NAMES, LAST_NAMES } from './vocabulary.ts';

export type AuthorRole = 'agent' | 'contact';

export interface MessageRecord {
  id: number;
  conversationId: number;
  author: { name: string; role: AuthorRole };
  text: string;
  createdAt: number;
  attachments: AttachmentSpec[];
}

/** Wire shape of a message. */
export interface MessageJson {
  id: number;
  conversationId: number;
  author: { name: string; role: AuthorRole };
  text: string;
  createdAt: number;
  attachments?: { fileName: string; mimeType: string; url: string }[];
}

/**
 * Conversations at these original ranks (0 = most recently updated) carry fixed content, so the
 * demo and browser tests find the interesting cases on the first page.
 */
export const SHOWCASE_RANKS = {
  longThread: 0,
  hostileNames: 1,
  gallery: 2,
  largeFiles: 3,
  viewerSamples: 4,
} as const;

/** Recent conversations carry many attachments, older ones rarely. */
const RECENT_RANKS = 200;
const MAX_MESSAGES_PER_CONVERSATION = 1000;

export function messageId(conversationId: number, index: number): number {
  return conversationId * MAX_MESSAGES_PER_CONVERSATION + index + 1;
}

export function attachmentDocId(
  conversationId: number,
  messageIndex: number,
  attachmentIndex: number,
): string {
  return `c${conversationId}-m${messageIndex}-a${attachmentIndex}`;
}

/** Deterministic from (seed, conversation); never depends on touches or request order. */
export function generateMessages(
  conversation: Readonly<Conversation>,
  snapshot: ConversationSnapshot,
  seed: number,
): MessageRecord[] {
  const rng = mulberry32(hash32(seed, conversation.id, 0x6d657373));
  const count = messageCount(rng, snapshot.rank);
  const times = messageTimes(rng, count, conversation.createdAt, snapshot.updatedAt);
  const contactName = `${FIRST_NAMES[conversation.contactId % FIRST_NAMES.length]} ${
    LAST_NAMES[(conversation.contactId * 7) % LAST_NAMES.length]
  }`;
  const agentName =
    AGENT_NAMES[(conversation.inboxId + conversation.id) % AGENT_NAMES.length] ?? 'Agent';
  const fixed = fixedAttachments(snapshot.rank);
  const messages: MessageRecord[] = [];
  let role: AuthorRole = 'contact';
  for (let index = 0; index < count; index++) {
    if (index > 0 && rng() < 0.7) role = role === 'contact' ? 'agent' : 'contact';
    // Showcase conversations carry only their fixed attachments, so tests can count on them.
    const specs = fixed.size > 0 ? (fixed.get(index) ?? []) : randomAttachments(rng, snapshot.rank);
    messages.push({
      id: messageId(conversation.id, index),
      conversationId: conversation.id,
      author: { name: role === 'contact' ? contactName : agentName, role },
      text: pick(rng, role === 'contact' ? CONTACT_LINES : AGENT_LINES),
      createdAt: times[index] ?? snapshot.updatedAt,
      attachments: specs.map((spec, attachmentIndex) => ({
        ...spec,
        docId: attachmentDocId(conversation.id, index, attachmentIndex),
        seed: hash32(seed, conversation.id, index, attachmentIndex),
      })),
    });
  }
  return messages;
}

export function toMessageJson(message: MessageRecord, baseUrl: string): MessageJson {
  const json: MessageJson = {
    id: message.id,
    conversationId: message.conversationId,
    author: message.author,
    text: message.text,
    createdAt: message.createdAt,
  };
  if (message.attachments.length > 0) {
    json.attachments = message.attachments.map((a) => ({
      fileName: a.fileName,
      mimeType: a.mimeType,
      url: a.url ?? attachmentUrl(baseUrl, a.docId),
    }));
  }
  return json;
}

export function attachmentUrl(baseUrl: string, docId: string): string {
  return `${baseUrl}/attachments/${encodeURIComponent(docId)}/data`;
}

function messageCount(rng: Rng, rank: number): number {
  if (rank === SHOWCASE_RANKS.longThread) return 96;
  if (rank === SHOWCASE_RANKS.viewerSamples) return VIEWER_THREAD_LENGTH;
  const roll = rng();
  const count = roll < 0.03 ? randInt(rng, 60, 120) : randInt(rng, 1, 40);
  // The other showcase conversations put their attachments in messages 1 and 2.
  return rank <= SHOWCASE_RANKS.largeFiles ? Math.max(count, 4) : count;
}

/** First message at creation, last at the latest update, the rest in between in order. */
function messageTimes(rng: Rng, count: number, from: number, to: number): number[] {
  const inner = Array.from(
    { length: Math.max(0, count - 2) },
    () => from + Math.floor(rng() * (to - from)),
  );
  inner.sort((a, b) => a - b);
  return count === 1 ? [to] : [from, ...inner, to];
}

type SpecDraft = Omit<AttachmentSpec, 'docId' | 'seed'>;

function fixedAttachments(rank: number): Map<number, readonly SpecDraft[]> {
  switch (rank) {
    case SHOWCASE_RANKS.hostileNames:
      return new Map(HOSTILE_ATTACHMENTS.map((specs, i) => [i + 1, specs]));
    case SHOWCASE_RANKS.gallery:
      return new Map([[1, GALLERY_ATTACHMENTS]]);
    case SHOWCASE_RANKS.largeFiles:
      return new Map([[1, LARGE_ATTACHMENTS]]);
    case SHOWCASE_RANKS.viewerSamples:
      return viewerSampleAttachments();
    default:
      return new Map();
  }
}

function viewerSampleAttachments(): Map<number, SpecDraft[]> {
  const byMessage = new Map<number, SpecDraft[]>();
  for (const { fileName, mimeType, expect, messageIndex } of VIEWER_SAMPLES) {
    const specs = byMessage.get(messageIndex) ?? [];
    specs.push({
      fileName,
      mimeType,
      kind: kindForMimeType(mimeType),
      size: 'bytes' in expect ? expect.bytes : 0,
      sample: true,
    });
    byMessage.set(messageIndex, specs);
  }
  return byMessage;
}

function randomAttachments(rng: Rng, rank: number): SpecDraft[] {
  if (rng() >= (rank < RECENT_RANKS ? 0.3 : 0.01)) return [];
  const count = pickWeighted(rng, [
    [1, 70],
    [2, 20],
    [3, 10],
  ] as const);
  return Array.from({ length: count }, () =>
    rng() < 0.0015 ? largeAttachment(rng) : randomAttachment(rng, pickWeighted(rng, KIND_WEIGHTS)),
  );
}
