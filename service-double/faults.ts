import type { Rng } from './prng.ts';
import { hash32, mulberry32 } from './prng.ts';

/** Kinds that `failureRate` draws from. */
export const FAILURE_KINDS = [
  '500',
  '502',
  '503',
  '429',
  'hang',
  'reset',
  'malformed-json',
  'errors-envelope',
  'html',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/**
 * Kinds the per-request queue accepts: the failure kinds plus
 * - '401': one unauthorised answer,
 * - 'empty-page': `data: []` with a cursor to the same position (list and messages),
 * - 'repeat-cursor': a `next` the client already holds (list and messages),
 * - 'truncate': an attachment whose body stops halfway, after a full Content-Length.
 */
export const FAULT_KINDS = [
  ...FAILURE_KINDS,
  '401',
  'empty-page',
  'repeat-cursor',
  'truncate',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** 'api' = list and messages requests; 'attachments' = attachment downloads. */
export type FaultTarget = 'api' | 'attachments';

export interface QueuedFault {
  kind: FaultKind;
  on?: FaultTarget;
}

/** Kinds that make sense for a download; a random draw of another kind leaves a download alone. */
const ATTACHMENT_KINDS: ReadonlySet<FaultKind> = new Set([
  '500',
  '502',
  '503',
  '429',
  'hang',
  'reset',
  '401',
  'truncate',
]);

export interface FaultOptions {
  /** Added to every response, preflights included. */
  latencyMs?: number;
  /** Probability (0..1) that a list, messages or attachment request fails. */
  failureRate?: number;
  /** What a failure looks like; drawn uniformly. Default: all FAILURE_KINDS. */
  failureKinds?: readonly FailureKind[];
  /** Sent as Retry-After with 429 and 503. Default 1. */
  retryAfterSeconds?: number;
  /** Probability (0..1) that a list page comes back empty but with a cursor. */
  emptyPagesWithCursor?: number;
  /** Page number (>= 2) of a list whose `next` repeats the cursor that requested it: a loop trap. */
  repeatCursor?: number | null;
  /** After this many authorised requests the token stops working. */
  tokenExpiresAfter?: number | null;
  /** Every N served list requests, a conversation below the first page is touched. */
  touchEveryListRequests?: number | null;
  /** Seeds the fault draws; defaults to the dataset seed. */
  faultSeed?: number;
}

export class FaultController {
  latencyMs = 0;
  failureRate = 0;
  failureKinds: FailureKind[] = [...FAILURE_KINDS];
  retryAfterSeconds = 1;
  emptyPagesWithCursor = 0;
  repeatCursor: number | null = null;
  tokenExpiresAfter: number | null = null;
  touchEveryListRequests: number | null = null;
  private queue: QueuedFault[] = [];
  // Separate streams so downloads do not shift which list request fails, keeping runs reproducible.
  private apiRng: Rng = Math.random;
  private attachmentRng: Rng = Math.random;
  private emptyPageRng: Rng = Math.random;
  private readonly initial: FaultOptions;
  private readonly seed: number;

  constructor(options: FaultOptions = {}, defaultSeed = 1) {
    validateFaultOptions(options);
    this.initial = { ...options };
    this.seed = options.faultSeed ?? defaultSeed;
    this.reset();
  }

  /** Applies the next fault(s), in order, to the next requests of their target (default 'api'). */
  enqueue(...faults: (FaultKind | QueuedFault)[]): void {
    for (const fault of faults) {
      const queued = typeof fault === 'string' ? { kind: fault } : fault;
      if (!FAULT_KINDS.includes(queued.kind))
        throw new RangeError(`Unknown fault kind: ${queued.kind}`);
      this.queue.push(queued);
    }
  }

  get pending(): readonly QueuedFault[] {
    return this.queue;
  }

  clearQueue(): void {
    this.queue = [];
  }

  /** The fault for the next request of `target`: a queued one first, else a seeded random draw. */
  take(target: FaultTarget): FaultKind | undefined {
    const index = this.queue.findIndex((fault) => (fault.on ?? 'api') === target);
    if (index >= 0) return this.queue.splice(index, 1)[0]?.kind;
    if (this.failureRate <= 0 || this.failureKinds.length === 0) return undefined;
    const rng = target === 'api' ? this.apiRng : this.attachmentRng;
    if (rng() >= this.failureRate) return undefined;
    const kind = this.failureKinds[Math.floor(rng() * this.failureKinds.length)];
    return target === 'attachments' && kind && !ATTACHMENT_KINDS.has(kind) ? undefined : kind;
  }

  drawEmptyPage(): boolean {
    return this.emptyPagesWithCursor > 0 && this.emptyPageRng() < this.emptyPagesWithCursor;
  }

  /** Back to the options the controller was created with; the queue is emptied and draws restart. */
  reset(): void {
    const o = this.initial;
    this.latencyMs = o.latencyMs ?? 0;
    this.failureRate = o.failureRate ?? 0;
    this.failureKinds = [...(o.failureKinds ?? FAILURE_KINDS)];
    this.retryAfterSeconds = o.retryAfterSeconds ?? 1;
    this.emptyPagesWithCursor = o.emptyPagesWithCursor ?? 0;
    this.repeatCursor = o.repeatCursor ?? null;
    this.tokenExpiresAfter = o.tokenExpiresAfter ?? null;
    this.touchEveryListRequests = o.touchEveryListRequests ?? null;
    this.queue = [];
    this.apiRng = mulberry32(hash32(this.seed, 1));
    this.attachmentRng = mulberry32(hash32(this.seed, 2));
    this.emptyPageRng = mulberry32(hash32(this.seed, 3));
  }
}

function validateFaultOptions(o: FaultOptions): void {
  const rate = (name: string, value: number | undefined) => {
    if (value !== undefined && !(value >= 0 && value <= 1))
      throw new RangeError(`${name} must be within 0..1`);
  };
  const count = (name: string, value: number | null | undefined, min: number) => {
    if (value !== undefined && value !== null && !(Number.isInteger(value) && value >= min)) {
      throw new RangeError(`${name} must be an integer >= ${min}`);
    }
  };
  rate('failureRate', o.failureRate);
  rate('emptyPagesWithCursor', o.emptyPagesWithCursor);
  count('latencyMs', o.latencyMs, 0);
  count('retryAfterSeconds', o.retryAfterSeconds, 0);
  count('repeatCursor', o.repeatCursor, 2);
  count('tokenExpiresAfter', o.tokenExpiresAfter, 0);
  count('touchEveryListRequests', o.touchEveryListRequests, 1);
  for (const kind of o.failureKinds ?? []) {
    if (!FAILURE_KINDS.includes(kind)) throw new RangeError(`Unknown failure kind: ${kind}`);
  }
}

export function isFailureKind(kind: string): kind is FailureKind {
  return (FAILURE_KINDS as readonly string[]).includes(kind);
}
