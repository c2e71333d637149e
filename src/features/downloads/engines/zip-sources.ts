import { DownloadAllFailure } from './download-all-failure';
import { DownloadFailure, failureForStatus, isDownloadFailure } from './download-failure';
import { parseContentLength, type DownloadProgress } from '../../../lib/download-progress';
import type { ZipEntryPlan } from './zip-plan';

export interface ZipProgress extends DownloadProgress {
  /** The file being fetched, 1-based, and how many there are. */
  file: number;
  files: number;
}

/**
 * Opens one attachment: api/attachments.ts's requestAttachment with the token and the retry
 * policy, passed in by the caller so this lazily loaded chunk does not pull the API modules out
 * of the first load's chunks. Rejects with an error carrying the HTTP `status` when there was one.
 */
export type OpenAttachment = (url: string, signal: AbortSignal) => Promise<Response>;

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

export interface ZipSourceOptions {
  open: OpenAttachment;
  /** The run's signal: Cancel. */
  signal: AbortSignal;
  /** Requests open at once: the one being read and those whose headers are fetched ahead. */
  lookahead: number;
  /** Waiting this long for headers or bytes fails the run as stalled. */
  stallTimeoutMs: number;
  onProgress: (progress: ZipProgress) => void;
  /** A file the service no longer has (404/410): left out of the zip, with a note. */
  onSkip: (entry: ZipEntryPlan) => void;
}

/** An entry whose request answered 200: headers read, body not yet. */
export interface OpenedEntry {
  entry: ZipEntryPlan;
  index: number;
  response: Response;
  size: number | undefined;
}

/**
 * The attachment requests of one "Download all", in order. A few requests run ahead of the one
 * being read (their bodies wait, unread, under backpressure), so the sizes of small sets are
 * known at once and the next file's headers are ready when the zip reaches it.
 *
 * Every request carries the token and nothing else (no cookies, cache, redirects or referrer).
 * The first failure is kept (`failure`) and aborts every other request; a 404/410 only skips
 * that file. Only the zip's reader pulls bytes, so nothing is buffered beyond the transport's
 * own windows.
 */
export class ZipSources {
  /** Aborted by Cancel, a stall, the first failure, or close(). */
  readonly signal: AbortSignal;
  failure: DownloadAllFailure | null = null;
  /** Entries actually put in the zip so far. */
  added = 0;

  private readonly controller = new AbortController();
  private readonly openings: Promise<OpenedEntry | null>[] = [];
  /** Bytes each entry contributes: Content-Length, 0 when skipped, undefined while unknown. */
  private readonly sizes: (number | undefined)[] = [];
  private readonly known: boolean[] = [];
  private readonly skipped: boolean[] = [];
  private totalBytes: number | undefined;
  private received = 0;
  private file = 0;
  private stalled = false;
  private readonly onCancel = () => this.controller.abort();

  constructor(
    private readonly entries: readonly ZipEntryPlan[],
    private readonly options: ZipSourceOptions,
  ) {
    this.signal = this.controller.signal;
    if (options.signal.aborted) this.controller.abort();
    options.signal.addEventListener('abort', this.onCancel);
  }

  get count(): number {
    return this.entries.length;
  }

  /** The sum of every file's Content-Length once all are known; undefined until then. */
  get total(): number | undefined {
    if (this.totalBytes !== undefined) return this.totalBytes;
    let sum = 0;
    for (let index = 0; index < this.entries.length; index += 1) {
      if (!this.known[index]) return undefined;
      const size = this.sizes[index];
      if (size === undefined) return undefined;
      sum += size;
    }
    this.totalBytes = sum;
    return sum;
  }

  /** Names and sizes of the files the zip will hold, once every size is known. */
  knownFiles(): { name: string; size: number }[] | undefined {
    if (this.total === undefined) return undefined;
    return this.entries.flatMap((entry, index) =>
      this.skipped[index] ? [] : [{ name: entry.name, size: this.sizes[index] ?? 0 }],
    );
  }

  /** Opens the first requests and waits for their headers, so failures show before any save. */
  async prime(): Promise<void> {
    const first = Math.min(this.entries.length, this.options.lookahead);
    for (let index = 0; index < first; index += 1) void this.open(index);
    await this.guard(Promise.all(this.openings.slice(0, first)));
    this.report();
  }

  /** Entry `index`'s opened request (null when skipped); the requests ahead start now. */
  async take(index: number): Promise<OpenedEntry | null> {
    const end = Math.min(this.entries.length, index + this.options.lookahead);
    for (let ahead = index; ahead < end; ahead += 1) void this.open(ahead);
    this.file = index;
    this.report();
    const opened = await this.guard(this.open(index));
    if (opened) this.added += 1;
    return opened;
  }

  /**
   * The entry's body for the zip writer: counted for progress, checked against Content-Length,
   * and pulled only when the writer asks (no read-ahead of its own).
   */
  body(opened: OpenedEntry): ReadableStream<Uint8Array> {
    const reader = opened.response.body?.getReader();
    let received = 0;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          if (!reader) {
            controller.close();
            return;
          }
          let result: ReadableStreamReadResult<Uint8Array>;
          try {
            result = await this.guard(reader.read());
          } catch (error) {
            controller.error(this.fail(error, opened.entry));
            void reader.cancel().catch(() => undefined);
            return;
          }
          if (result.done) {
            if (opened.size !== undefined && received < opened.size) {
              controller.error(this.fail(new DownloadFailure('incomplete'), opened.entry));
            } else {
              controller.close();
            }
            return;
          }
          received += result.value.byteLength;
          this.received += result.value.byteLength;
          this.report();
          controller.enqueue(result.value);
        },
        cancel: (reason: unknown) => reader?.cancel(reason),
      },
      { highWaterMark: 0 },
    );
  }

  /**
   * Records the run's failure (the first one wins; Cancel and stalls name no file) and stops
   * every request. Returns the failure to throw.
   */
  fail(error: unknown, entry?: ZipEntryPlan): DownloadAllFailure {
    if (!this.failure) {
      const failure = this.translate(error);
      const perFile = failure.kind !== 'cancelled' && failure.kind !== 'stalled';
      this.failure =
        error instanceof DownloadAllFailure
          ? error
          : new DownloadAllFailure(failure, perFile ? entry?.shownName : undefined);
    }
    this.controller.abort();
    return this.failure;
  }

  /** Stops whatever is still open. */
  close(): void {
    this.options.signal.removeEventListener('abort', this.onCancel);
    this.controller.abort();
  }

  private open(index: number): Promise<OpenedEntry | null> {
    let opening = this.openings[index];
    if (!opening) {
      opening = this.request(index);
      // Awaited later (or never, after a failure): no unhandled rejection meanwhile.
      opening.catch(() => undefined);
      this.openings[index] = opening;
    }
    return opening;
  }

  private async request(index: number): Promise<OpenedEntry | null> {
    const entry = this.entries[index]!;
    let response: Response;
    try {
      response = await this.options.open(entry.url, this.controller.signal);
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) {
        this.sizes[index] = 0;
        this.known[index] = true;
        this.skipped[index] = true;
        this.options.onSkip(entry);
        return null;
      }
      throw this.fail(status === undefined ? error : failureForStatus(status), entry);
    }
    const size = parseContentLength(response.headers.get('Content-Length'));
    this.sizes[index] = size;
    this.known[index] = true;
    return { entry, index, response, size };
  }

  /**
   * Waits for `promise`, failing the run as stalled if it takes longer than the stall timeout.
   * Rejects as soon as the run is stopped, whether or not the transport errors the pending read
   * or request itself.
   */
  private guard<T>(promise: Promise<T>): Promise<T> {
    const { signal } = this.controller;
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(new DOMException('The download was stopped.', 'AbortError'));
      const timer = setTimeout(() => {
        this.stalled = true;
        this.controller.abort();
      }, this.options.stallTimeoutMs);
      const settle = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      };
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop);
      promise.then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private translate(error: unknown): DownloadFailure {
    if (error instanceof DownloadAllFailure) return error.failure;
    if (this.options.signal.aborted) return new DownloadFailure('cancelled');
    if (this.stalled) {
      return new DownloadFailure('stalled', { detail: this.options.stallTimeoutMs });
    }
    if (isDownloadFailure(error)) return error;
    return new DownloadFailure('network');
  }

  private report(): void {
    this.options.onProgress({
      received: this.received,
      total: this.total,
      file: Math.min(this.file + 1, this.entries.length),
      files: this.entries.length,
    });
  }
}
