import { hash32, mulberry32, pickWeighted, randInt } from './prng.ts';

export type ConversationStatus = 'open' | 'closed' | 'pending';
export type StatusId = 1 | 2 | 3;

export const STATUS_NAMES: Readonly<Record<StatusId, ConversationStatus>> = {
  1: 'open',
  2: 'closed',
  3: 'pending',
};
export const STATUS_IDS: Readonly<Record<ConversationStatus, StatusId>> = {
  open: 1,
  closed: 2,
  pending: 3,
};

/** Exactly the wire shape of the interface; timestamps are seconds since the epoch. */
export interface Conversation {
  id: number;
  status: ConversationStatus;
  contactId: number;
  inboxId: number;
  createdAt: number;
  updatedAt: number;
}

/** Original position in the ordering (0 = most recently updated) and original updatedAt. */
export interface ConversationSnapshot {
  rank: number;
  updatedAt: number;
}

export interface DatasetOptions {
  conversations?: number;
  seed?: number;
  /** Seconds since the epoch that the data is "generated at"; fixed by default so runs are reproducible. */
  now?: number;
}

/** 2025-06-02T09:30:00Z. */
export const DEFAULT_NOW = 1_748_856_600;
export const DEFAULT_CONVERSATIONS = 5000;

const DAY = 86_400;
const HISTORY_SECONDS = 120 * DAY;

/** Most recently updated first; id breaks ties so the order is total and paging is stable. */
export function compareConversations(a: Conversation, b: Conversation): number {
  return b.updatedAt - a.updatedAt || b.id - a.id;
}

/** A conversation created at run time (`Dataset.add`); the rest is drawn from the seed. */
export interface NewConversationInput {
  status?: ConversationStatus;
  contactId?: number;
  inboxId?: number;
}

export class Dataset {
  readonly seed: number;
  readonly now: number;
  private ordered: Conversation[];
  /** Ids of conversations created by `add`, oldest first; `reset` removes them. */
  private readonly added: number[] = [];
  private readonly generatedCount: number;
  /** Status before the first `setStatus`, so `reset` can restore it. */
  private readonly originalStatus = new Map<number, ConversationStatus>();
  private nextId: number;
  private readonly byId = new Map<number, Conversation>();
  private readonly snapshots = new Map<number, ConversationSnapshot>();
  // Filtering 5000+ items per page request would dominate the cost of a request; cache per status set.
  private readonly filtered = new Map<number, readonly Conversation[]>();

  constructor(options: DatasetOptions = {}) {
    this.seed = options.seed ?? 1;
    this.now = options.now ?? DEFAULT_NOW;
    const size = Math.max(0, Math.floor(options.conversations ?? DEFAULT_CONVERSATIONS));
    const conversations = generateConversations(size, this.seed, this.now);
    this.generatedCount = size;
    this.ordered = [...conversations].sort(compareConversations);
    this.ordered.forEach((conversation, rank) => {
      this.byId.set(conversation.id, conversation);
      this.snapshots.set(conversation.id, { rank, updatedAt: conversation.updatedAt });
    });
    this.nextId = conversations.reduce((top, c) => Math.max(top, c.id), 10_000) + 1;
  }

  /** Conversations in the list now: the generated ones plus those created by `add`. */
  get size(): number {
    return this.ordered.length;
  }

  /** Ids created by `add` since the start (or the last `reset`), oldest first. */
  addedIds(): readonly number[] {
    return this.added;
  }

  get(id: number): Readonly<Conversation> | undefined {
    return this.byId.get(id);
  }

  /** The conversation as generated: messages key off it so that touching never rewrites history. */
  snapshot(id: number): ConversationSnapshot | undefined {
    return this.snapshots.get(id);
  }

  /** Ordered conversations whose status is in `statusIds` (empty = all). Do not mutate the result. */
  list(statusIds: readonly StatusId[] = []): readonly Readonly<Conversation>[] {
    const mask = statusIds.reduce((bits, statusId) => bits | (1 << statusId), 0);
    if (mask === 0 || mask === 0b1110) return this.ordered;
    let result = this.filtered.get(mask);
    if (!result) {
      result = this.ordered.filter((c) => (mask & (1 << STATUS_IDS[c.status])) !== 0);
      this.filtered.set(mask, result);
    }
    return result;
  }

  /**
   * Sets updatedAt, as a new message or a status change would, and re-sorts. Without `at` the
   * conversation is stamped just after the newest one so it is guaranteed to move to the top.
   */
  touch(id: number, at?: number): number {
    const conversation = this.byId.get(id);
    if (!conversation) throw new Error(`Conversation ${id} does not exist`);
    const newest = this.ordered[0]?.updatedAt ?? this.now;
    const updatedAt = at ?? Math.max(this.now, newest) + 1;
    this.ordered.splice(this.ordered.indexOf(conversation), 1);
    conversation.updatedAt = Math.max(updatedAt, conversation.createdAt);
    this.ordered.splice(insertionIndex(this.ordered, conversation), 0, conversation);
    this.filtered.clear();
    return conversation.updatedAt;
  }

  /**
   * Creates a conversation, as a contact writing in for the first time would: a new id above all
   * others, created and updated just after the newest conversation, so it tops the list.
   * Status, contact and inbox are drawn from the seed and the id unless given. Its messages are
   * generated like an older conversation's (its snapshot rank is past the generated ones), so
   * it never carries the showcase content.
   */
  add(input: NewConversationInput = {}): Readonly<Conversation> {
    const id = this.nextId++;
    const rng = mulberry32(hash32(this.seed, id, 0x6e6577));
    const newest = this.ordered[0]?.updatedAt ?? this.now;
    const at = Math.max(this.now, newest) + 1;
    const conversation: Conversation = {
      id,
      status:
        input.status ??
        STATUS_NAMES[
          pickWeighted(rng, [
            [1, 70],
            [3, 30],
          ] as const)
        ],
      contactId: input.contactId ?? randInt(rng, 1, Math.max(50, Math.floor(this.size / 3))),
      inboxId: input.inboxId ?? randInt(rng, 1, 6),
      createdAt: at,
      updatedAt: at,
    };
    this.byId.set(id, conversation);
    this.snapshots.set(id, { rank: this.generatedCount + this.added.length, updatedAt: at });
    this.added.push(id);
    this.ordered.splice(insertionIndex(this.ordered, conversation), 0, conversation);
    this.filtered.clear();
    return conversation;
  }

  /** Changes a conversation's status (an agent closing it, say); pair with `touch` to move it up. */
  setStatus(id: number, status: ConversationStatus): void {
    const conversation = this.byId.get(id);
    if (!conversation) throw new Error(`Conversation ${id} does not exist`);
    if (!this.originalStatus.has(id)) this.originalStatus.set(id, conversation.status);
    conversation.status = status;
    this.filtered.clear();
  }

  /** Undoes every touch and status change and removes the conversations created by `add`. */
  reset(): void {
    for (const id of this.added.splice(0)) {
      this.byId.delete(id);
      this.snapshots.delete(id);
    }
    this.ordered = this.ordered.filter((conversation) => this.snapshots.has(conversation.id));
    this.nextId = this.ordered.reduce((top, c) => Math.max(top, c.id), 10_000) + 1;
    for (const [id, snapshot] of this.snapshots) {
      const conversation = this.byId.get(id);
      if (conversation) conversation.updatedAt = snapshot.updatedAt;
    }
    for (const [id, status] of this.originalStatus) {
      const conversation = this.byId.get(id);
      if (conversation) conversation.status = status;
    }
    this.originalStatus.clear();
    this.ordered.sort(compareConversations);
    this.filtered.clear();
  }
}

export function createDataset(options: DatasetOptions = {}): Dataset {
  return new Dataset(options);
}

function insertionIndex(ordered: readonly Conversation[], item: Conversation): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const other = ordered[mid];
    if (other && compareConversations(other, item) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

function generateConversations(count: number, seed: number, now: number): Conversation[] {
  const rng = mulberry32(seed);
  const createdTimes = Array.from({ length: count }, () =>
    Math.floor(now - HISTORY_SECONDS + rng() * (HISTORY_SECONDS - 600)),
  ).sort((a, b) => a - b);
  const contacts = Math.max(50, Math.floor(count / 3));
  const conversations: Conversation[] = [];
  let id = 10_000;
  for (const createdAt of createdTimes) {
    // Gaps in the ids, as deleted conversations leave in a real account.
    id += rng() < 0.1 ? randInt(rng, 2, 6) : 1;
    const activity = pickWeighted(rng, [
      [0, 5],
      [2 * DAY, 60],
      [20 * DAY, 28],
      [60 * DAY, 7],
    ] as const);
    const updatedAt = createdAt + Math.floor(rng() * Math.min(activity, now - createdAt));
    conversations.push({
      id,
      status:
        STATUS_NAMES[
          pickWeighted(rng, [
            [1, 40],
            [2, 45],
            [3, 15],
          ] as const)
        ],
      contactId: randInt(rng, 1, contacts),
      inboxId: randInt(rng, 1, 6),
      createdAt,
      updatedAt,
    });
  }
  // Equal updatedAt values make the id tie-break matter; create some deliberately.
  for (let i = 1; i < conversations.length; i++) {
    const current = conversations[i];
    const previous = conversations[i - 1];
    if (current && previous && rng() < 0.02 && previous.updatedAt >= current.createdAt) {
      current.updatedAt = previous.updatedAt;
    }
  }
  return conversations;
}
