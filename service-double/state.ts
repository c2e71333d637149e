import type { AttachmentSpec } from './attachment-kinds.ts';
import { kindForMimeType } from './attachment-kinds.ts';
import type { ConversationStatus, DatasetOptions } from './dataset.ts';
import { Dataset } from './dataset.ts';
import type { FaultOptions } from './faults.ts';
import { FaultController } from './faults.ts';
import type { MessageRecord } from './messages.ts';
import { generateMessages, messageId } from './messages.ts';
import type { Rng } from './prng.ts';
import { hash32, mulberry32, randInt } from './prng.ts';

export const DEMO_TOKEN = 'demo-token';

export interface ServiceOptions extends DatasetOptions, FaultOptions {
  /** Bearer token every endpoint requires. Default DEMO_TOKEN. */
  token?: string;
  /** Serves GET /bench/attachments/{DOC_ID}/data without a token. */
  benchmark?: boolean;
  /** External base URL (origin + mount path) for attachment urls; derived from each request otherwise. */
  publicUrl?: string;
}

/** One request as seen by the double. The token itself is never stored. */
export interface RequestLogEntry {
  seq: number;
  method: string;
  /** Path relative to the base path, e.g. /conversations/list. */
  path: string;
  /** Raw query string without '?'. */
  query: string;
  /** When the double took it in (Date.now()), before it worked out its answer. */
  at: number;
  hasAuthorization: boolean;
  authorizationValid: boolean;
  /** Null while the response is pending (or for a request that never gets one). */
  status: number | null;
  fault?: string;
  /** Attachments only: body bytes handed to the transport so far. */
  bytesSent?: number;
  /** Attachments only: true once the whole body was handed over (false if the client left). */
  completed?: boolean;
}

export interface ServiceStats {
  requests: number;
  preflights: number;
  list: number;
  messages: number;
  attachments: number;
  unauthorized: number;
  validationErrors: number;
  notFound: number;
  faults: number;
  touches: number;
  /** Conversations created at run time (churn). */
  added: number;
  bytesSent: number;
  aborted: number;
  /**
   * Requests to `/hostile/*` (method, path from the mount path, query), which only a sample's
   * script or an inline-rendered file would make; a browser test expects it to stay empty.
   */
  hostileHits: string[];
}

/** One step of churn: what a busy inbox sees between two looks at it. */
export interface ChurnOptions {
  /** New conversations per step (they top the list). Default 1. */
  add?: number;
  /** Existing conversations updated per step (a new message: moved to the top). Default 2. */
  update?: number;
  /** Share 0..1 of the updates that also change the status. Default 0.25. */
  statusChangeRate?: number;
}

export interface ChurnTimerOptions extends ChurnOptions {
  /** Real milliseconds between steps. */
  everyMs: number;
}

export interface ChurnStep {
  added: number[];
  updated: number[];
}

export interface ChurnHandle {
  stop(): void;
}

export interface AddAttachmentInput {
  fileName: string;
  mimeType: string;
  /** Bytes for non-image kinds. Default 1024. */
  size?: number;
  /** Replaces the generated url, e.g. to point at another origin. */
  url?: string;
}

const MESSAGE_CACHE_LIMIT = 1000;
/** Updates pick among the most recent conversations this often, anywhere in the list otherwise. */
const RECENT_UPDATE_SHARE = 0.7;
const RECENT_WINDOW = 200;
const STATUS_CHANGES: Readonly<Record<ConversationStatus, ConversationStatus>> = {
  open: 'pending',
  pending: 'closed',
  closed: 'open',
};
const REQUEST_LOG_LIMIT = 20_000;

const emptyStats = (): ServiceStats => ({
  requests: 0,
  preflights: 0,
  list: 0,
  messages: 0,
  attachments: 0,
  unauthorized: 0,
  validationErrors: 0,
  notFound: 0,
  faults: 0,
  touches: 0,
  added: 0,
  bytesSent: 0,
  aborted: 0,
  hostileHits: [],
});

export class ServiceState {
  readonly options: Readonly<ServiceOptions>;
  readonly dataset: Dataset;
  readonly faults: FaultController;
  readonly benchmark: boolean;
  readonly publicUrl: string | undefined;
  token: string;
  requests: RequestLogEntry[] = [];
  stats: ServiceStats = emptyStats();
  /** Authorised requests so far; compared with faults.tokenExpiresAfter. */
  authorizedCount = 0;
  /** Served list pages so far; drives faults.touchEveryListRequests. */
  listCount = 0;
  private seq = 0;
  private readonly messageCache = new Map<number, MessageRecord[]>();
  private extraMessages = new Map<number, MessageRecord[]>();
  private churnRng: Rng;
  private churnTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: ServiceOptions = {}) {
    this.options = { ...options };
    this.dataset = new Dataset(options);
    this.faults = new FaultController(options, this.dataset.seed);
    this.token = options.token ?? DEMO_TOKEN;
    this.benchmark = options.benchmark ?? false;
    this.publicUrl = options.publicUrl?.replace(/\/+$/, '');
    this.churnRng = this.newChurnRng();
  }

  /** Generated messages plus injected ones, oldest first; undefined for an unknown conversation. */
  messagesOf(conversationId: number): readonly MessageRecord[] | undefined {
    const generated = this.generatedMessages(conversationId);
    if (!generated) return undefined;
    const extra = this.extraMessages.get(conversationId);
    return extra ? [...generated, ...extra] : generated;
  }

  /** Maps a DOC_ID back to its attachment by regenerating that one conversation's messages. */
  findAttachment(docId: string): AttachmentSpec | undefined {
    const match = /^c(\d+)-(?:m(\d+)-a(\d+)|x\d+)$/.exec(docId);
    if (!match) return undefined;
    const conversationId = Number(match[1]);
    if (match[2] === undefined) {
      for (const message of this.extraMessages.get(conversationId) ?? []) {
        const found = message.attachments.find((a) => a.docId === docId);
        if (found) return found;
      }
      return undefined;
    }
    const message = this.generatedMessages(conversationId)?.[Number(match[2])];
    return message?.attachments[Number(match[3])];
  }

  /** Moves a conversation to the top of the list, as a new message would. Returns the new updatedAt. */
  touch(id: number, at?: number): number {
    this.stats.touches++;
    return this.dataset.touch(id, at);
  }

  /**
   * One step of churn, seeded: `add` new conversations, then `update` existing ones touched (a
   * share of them with a new status). Updates mostly hit the ~200 most recent conversations, the
   * rest anywhere, so some come from deep down the list (as mid-paging updates do).
   */
  churn(options: ChurnOptions = {}): ChurnStep {
    const { add = 1, update = 2, statusChangeRate = 0.25 } = options;
    const step: ChurnStep = { added: [], updated: [] };
    for (let i = 0; i < add; i++) {
      step.added.push(this.dataset.add().id);
      this.stats.added++;
    }
    for (let i = 0; i < update; i++) {
      const ordered = this.dataset.list();
      if (ordered.length === 0) break;
      const span = this.churnRng() < RECENT_UPDATE_SHARE ? RECENT_WINDOW : ordered.length;
      const conversation = ordered[randInt(this.churnRng, 0, Math.min(span, ordered.length) - 1)];
      if (!conversation) continue;
      if (this.churnRng() < statusChangeRate) {
        this.dataset.setStatus(conversation.id, STATUS_CHANGES[conversation.status]);
      }
      this.touch(conversation.id);
      step.updated.push(conversation.id);
    }
    return step;
  }

  /** Runs `churn` every `everyMs` until stopped (or `reset`); replaces a churn already running. */
  startChurn(options: ChurnTimerOptions): ChurnHandle {
    this.stopChurn();
    if (!(options.everyMs > 0)) throw new Error('startChurn needs everyMs > 0');
    const timer = setInterval(() => this.churn(options), options.everyMs);
    // Never keeps a process alive on its own.
    timer.unref?.();
    this.churnTimer = timer;
    return {
      stop: () => {
        if (this.churnTimer === timer) this.stopChurn();
      },
    };
  }

  stopChurn(): void {
    if (this.churnTimer !== undefined) clearInterval(this.churnTimer);
    this.churnTimer = undefined;
  }

  /** Appends a message from the contact carrying one custom attachment. Does not touch the conversation. */
  addAttachment(conversationId: number, input: AddAttachmentInput): AttachmentSpec {
    const conversation = this.dataset.get(conversationId);
    const generated = this.generatedMessages(conversationId);
    if (!conversation || !generated)
      throw new Error(`Conversation ${conversationId} does not exist`);
    const extra = this.extraMessages.get(conversationId) ?? [];
    const index = generated.length + extra.length;
    const spec: AttachmentSpec = {
      docId: `c${conversationId}-x${index}`,
      fileName: input.fileName,
      mimeType: input.mimeType,
      kind: kindForMimeType(input.mimeType),
      size: input.size ?? 1024,
      seed: hash32(this.dataset.seed, conversationId, index, 0x78),
      ...(input.url === undefined ? {} : { url: input.url }),
    };
    const last = generated[generated.length - 1];
    extra.push({
      id: messageId(conversationId, index),
      conversationId,
      author: {
        name: last?.author.role === 'contact' ? last.author.name : 'Contact',
        role: 'contact',
      },
      text: 'Here is the file.',
      createdAt: conversation.updatedAt,
      attachments: [spec],
    });
    this.extraMessages.set(conversationId, extra);
    return spec;
  }

  /** Switches to a new token and restarts the tokenExpiresAfter count, like a fresh sign-in. */
  setToken(token: string): void {
    this.token = token;
    this.authorizedCount = 0;
  }

  /**
   * Back to the freshly started state: data (touches, status changes, added conversations),
   * faults, token, log, counters, injected attachments; churn stops.
   */
  reset(): void {
    this.stopChurn();
    this.churnRng = this.newChurnRng();
    this.dataset.reset();
    // Added conversations' ids are handed out again after a reset; their messages must not stick.
    this.messageCache.clear();
    this.faults.reset();
    this.token = this.options.token ?? DEMO_TOKEN;
    this.requests = [];
    this.stats = emptyStats();
    this.authorizedCount = 0;
    this.listCount = 0;
    this.seq = 0;
    this.extraMessages = new Map();
  }

  /** Records a request; the handler fills in status and fault as they become known. */
  log(entry: Omit<RequestLogEntry, 'seq' | 'status' | 'at'>): RequestLogEntry {
    const logged: RequestLogEntry = { seq: ++this.seq, status: null, at: Date.now(), ...entry };
    this.requests.push(logged);
    // Bounded so a long benchmark cannot grow memory without limit.
    if (this.requests.length > REQUEST_LOG_LIMIT) this.requests.splice(0, REQUEST_LOG_LIMIT / 2);
    return logged;
  }

  private newChurnRng(): Rng {
    return mulberry32(hash32(this.dataset.seed, 0x63687572));
  }

  private generatedMessages(conversationId: number): MessageRecord[] | undefined {
    const cached = this.messageCache.get(conversationId);
    if (cached) return cached;
    const conversation = this.dataset.get(conversationId);
    const snapshot = this.dataset.snapshot(conversationId);
    if (!conversation || !snapshot) return undefined;
    const messages = generateMessages(conversation, snapshot, this.dataset.seed);
    if (this.messageCache.size >= MESSAGE_CACHE_LIMIT) this.messageCache.clear();
    this.messageCache.set(conversationId, messages);
    return messages;
  }
}

export function createServiceState(options: ServiceOptions = {}): ServiceState {
  return new ServiceState(options);
}
