import { t } from '../../../i18n/translate';
import { announce } from '../../../ui/live-region';
import { guardLeaving } from './leave-guard';

/**
 * Every download of the session, owned by the app rather than by whichever pane started it: a
 * download runs until it is done, fails or is cancelled, whatever the agent opens, closes or
 * filters meanwhile. Components read it through useSyncExternalStore (downloads-context.tsx).
 *
 * The manager knows nothing of HTTP, zips or workers: a job (jobs.ts) does the work and reports
 * through its context; the manager starts, cancels and retries it and keeps what it reported.
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
  /** When Download all failed on one file: its name (the sender's text), shown before `message`. */
  readonly failedFile?: string | undefined;
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
  /** Resolves when the job is done; rejects with a JobFailed. */
  run: (context: JobContext) => Promise<JobDone>;
}

/** How a job ended badly; `unauthorized` ends the session, `cancelled` is said without a message. */
export class JobFailed extends Error {
  constructor(
    readonly outcome: 'unauthorized' | 'cancelled' | 'failed',
    message: string,
    readonly canRetry: boolean,
    /** Download all failed on this file (the sender's name for it). */
    readonly fileName?: string,
  ) {
    super(message);
  }
}

export const isActive = (entry: DownloadEntry) =>
  entry.phase === 'running' || entry.phase === 'preparing';

/** One download by key (see keys.ts); undefined until it has been started. */
export const findEntry = (manager: DownloadManager, key: string) =>
  manager.getSnapshot().find((entry) => entry.key === key);

/** The store: entries, and the controllers and jobs of the ones running. */
export class DownloadManager {
  #entries: readonly DownloadEntry[] = [];
  #listeners = new Set<() => void>();
  /** Every job started this session, for Retry; the controller while it runs. */
  readonly #jobs = new Map<string, { job: DownloadJob; controller: AbortController | null }>();

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

  /** Starts a job, unless the same download is already under way (a second click is a no-op). */
  start(job: DownloadJob): void {
    const current = findEntry(this, job.key);
    if (current && isActive(current)) return;
    guardLeaving(this);
    const controller = new AbortController();
    this.#jobs.set(job.key, { job, controller });
    const { key, kind, name, conversationId } = job;
    const entry: DownloadEntry = {
      key,
      kind,
      name,
      conversationId,
      phase: 'running',
      received: 0,
      total: undefined,
    };
    this.#replace([entry, ...this.#entries.filter((other) => other.key !== key)]);
    // A job that was cancelled, or replaced by a Retry, or whose session ended, reports nothing.
    const mine = () => this.#jobs.get(key)?.controller === controller && !controller.signal.aborted;
    const end = () => {
      this.#jobs.get(key)!.controller = null;
    };

    job
      .run({ signal: controller.signal, update: (update) => mine() && this.#set(key, update) })
      .then(
        (done) => {
          if (!mine()) return;
          end();
          const last = findEntry(this, key);
          this.#set(key, {
            phase: done.phase,
            received: done.size ?? last?.received ?? 0,
            total: done.size ?? last?.total,
            files: done.files ?? last?.files,
          });
          announce(done.announcement);
        },
        (error: unknown) => {
          if (!mine()) return;
          end();
          const failed =
            error instanceof JobFailed
              ? error
              : new JobFailed('failed', t('downloadsPanel.failed'), true);
          if (failed.outcome === 'cancelled') {
            this.#set(key, { phase: 'cancelled' });
            return;
          }
          const { message, canRetry, fileName } = failed;
          this.#set(key, { phase: 'failed', message, canRetry, failedFile: fileName });
          if (failed.outcome === 'unauthorized') job.onUnauthorized();
          else {
            const said = fileName
              ? t('downloadsPanel.failedOnFile', { name: fileName, message })
              : message;
            announce(t('downloadsPanel.failedAnnouncement', { name, message: said }));
          }
        },
      );
  }

  /** Runs a failed or cancelled download's job again. */
  retry(key: string): void {
    const known = this.#jobs.get(key);
    if (known) this.start(known.job);
  }

  /** Stops at once: the request is aborted and the entry says "cancelled" without waiting. */
  cancel(key: string): void {
    const known = this.#jobs.get(key);
    if (!known?.controller) return;
    known.controller.abort();
    known.controller = null;
    this.#set(key, { phase: 'cancelled' });
  }

  /** Drops every entry that has ended (the panel's "Clear finished"). */
  clearFinished(): void {
    const kept = this.active();
    for (const key of this.#jobs.keys()) {
      if (!kept.some((entry) => entry.key === key)) this.#jobs.delete(key);
    }
    this.#replace(kept);
  }

  /** The session ended: everything stops and the list starts empty for the next one. */
  reset(): void {
    for (const entry of this.active()) this.cancel(entry.key);
    this.#jobs.clear();
    this.#replace([]);
  }

  #set(key: string, update: Partial<DownloadEntry>): void {
    this.#replace(
      this.#entries.map((entry) => (entry.key === key ? { ...entry, ...update } : entry)),
    );
  }

  #replace(entries: readonly DownloadEntry[]): void {
    this.#entries = entries;
    for (const listener of this.#listeners) listener();
  }
}
