/**
 * Every download of the session, owned by the app rather than by whichever pane started it: a
 * download runs until it is done, fails or is cancelled, whatever the agent opens, closes or
 * filters meanwhile. Components read it through useSyncExternalStore (downloads-context.tsx).
 *
 * The manager knows nothing of HTTP, zips or workers: a job (jobs.ts, loaded with the pane) does
 * the work and reports through its context (run-job.ts). That keeps this module, which ships with
 * the first render for the header's count and the leave guard, small.
 */

export type DownloadPhase =
  /** Download all: the conversation's remaining messages are loading first. */
  | 'preparing'
  /** Bytes are passing through the page (progress and Cancel here). */
  | 'running'
  /** Handed to the browser's own download manager (its Downloads list shows progress). */
  | 'in-browser'
  | 'saved'
  | 'cancelled'
  | 'failed';

/** Left out of a zip, by the name the sender gave them. */
export interface SkippedFiles {
  /** Not on the service: never requested. */
  foreign: string[];
  /** The service no longer has them (404/410). */
  gone: string[];
}

export interface DownloadEntry {
  /** One per attachment of a conversation, or per conversation for Download all. */
  readonly key: string;
  readonly kind: 'file' | 'zip';
  /** The name shown: the sender's raw text for a file, the zip's name for Download all. */
  readonly name: string;
  readonly conversationId: number;
  readonly phase: DownloadPhase;
  readonly received: number;
  /** From Content-Length (the sum of them for a zip) once known. */
  readonly total: number | undefined;
  /** Download all: the file being fetched (1-based) and how many there are. */
  readonly file?: number | undefined;
  readonly files?: number | undefined;
  /** When failed: what to tell the agent, and whether Retry can help. */
  readonly message?: string | undefined;
  readonly canRetry?: boolean | undefined;
  readonly skipped?: SkippedFiles | undefined;
  /** A large download this browser cannot stream to disk: it is gathered in the page first. */
  readonly inMemory?: boolean | undefined;
}

export type JobUpdate = Partial<
  Pick<DownloadEntry, 'phase' | 'received' | 'total' | 'file' | 'files' | 'skipped' | 'inMemory'>
>;

export interface JobContext {
  signal: AbortSignal;
  /** Applied at once; ignored after the job has ended or been cancelled. */
  update: (update: JobUpdate) => void;
}

/** How a job ended well: saved by the page, or handed to the browser's Downloads. */
export interface JobDone {
  phase: 'saved' | 'in-browser';
  size: number | undefined;
  files?: number;
  announcement: string;
}

export interface DownloadJob {
  key: string;
  kind: 'file' | 'zip';
  name: string;
  conversationId: number;
  /** A 401: the session ends (its token is no longer accepted). */
  onUnauthorized: () => void;
  /** Resolves when the job is done; rejects with a JobFailed (run-job.ts). */
  run: (context: JobContext) => Promise<JobDone>;
}

export const isActive = (entry: DownloadEntry) =>
  entry.phase === 'running' || entry.phase === 'preparing';

/** One download by key (see keys.ts); undefined until it has been started. */
export const findEntry = (manager: DownloadManager, key: string) =>
  manager.getSnapshot().find((entry) => entry.key === key);

/**
 * The store: entries, and the controllers and jobs of the ones running. Starting and retrying live
 * in run-job.ts, loaded with the pane or the panel, so the first render carries only this.
 */
export class DownloadManager {
  #entries: readonly DownloadEntry[] = [];
  #listeners = new Set<() => void>();
  /** Every job started this session, for Retry; the controller while it runs. */
  readonly jobs = new Map<string, { job: DownloadJob; controller: AbortController | null }>();
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Newest first; a new array whenever anything changes (a useSyncExternalStore snapshot). */
  getSnapshot = (): readonly DownloadEntry[] => this.#entries;

  /** Downloads whose bytes pass through this page: leaving it would end them. */
  active(): DownloadEntry[] {
    return this.#entries.filter(isActive);
  }

  /** Stops at once: the request is aborted and the entry says "cancelled" without waiting. */
  cancel(key: string): void {
    const known = this.jobs.get(key);
    if (!known?.controller) return;
    known.controller.abort();
    known.controller = null;
    this.set(key, { phase: 'cancelled' });
  }

  /** The session ended: everything stops and the list starts empty for the next one. */
  reset(): void {
    for (const entry of this.active()) this.cancel(entry.key);
    this.jobs.clear();
    this.replace([]);
  }

  set(key: string, update: Partial<DownloadEntry>): void {
    this.replace(
      this.#entries.map((entry) => (entry.key === key ? { ...entry, ...update } : entry)),
    );
  }

  replace(entries: readonly DownloadEntry[]): void {
    this.#entries = entries;
    for (const listener of this.#listeners) listener();
  }
}
