import { createDeadline, type Deadline } from '../../../api/deadline';
import type { ApiError } from '../../../api/errors';
import { DownloadFailure, failureKind } from './download-failure';
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
 * of the first load's chunks. Rejects with an ApiError carrying the HTTP `status` when there was one.
 */
export type OpenAttachment = (url: string, signal: AbortSignal) => Promise<Response>;

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
  /** The run's failure, naming the file when it was one file's. */
  failure: ApiError | null = null;
  /** Entries actually put in the zip so far. */
  added = 0;

  /** Stalls count only while the run waits for headers or bytes: the zip's reader pulls at its own pace. */
  private readonly deadline: Deadline;
  private readonly openings: Promise<OpenedEntry | null>[] = [];
  /** Bytes each entry contributes: Content-Length, 0 when skipped, undefined while unknown. */
  private readonly sizes: (number | undefined)[] = [];
  private readonly known: boolean[] = [];
  private readonly skipped: boolean[] = [];
  private totalBytes: number | undefined;
  private received = 0;
  private file = 0;

  constructor(
    private readonly entries: readonly ZipEntryPlan[],
    private readonly options: ZipSourceOptions,
  ) {
    this.deadline = createDeadline({
      signal: options.signal,
      stallMs: options.stallTimeoutMs,
      stallWhile: 'waiting',
    });
    this.signal = this.deadline.signal;
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
    await this.deadline.race(Promise.all(this.openings.slice(0, first)));
    this.report();
  }

  /** Entry `index`'s opened request (null when skipped); the requests ahead start now. */
  async take(index: number): Promise<OpenedEntry | null> {
    const end = Math.min(this.entries.length, index + this.options.lookahead);
    for (let ahead = index; ahead < end; ahead += 1) void this.open(ahead);
    this.file = index;
    this.report();
    const opened = await this.deadline.race(this.open(index));
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
            result = await this.deadline.race(reader.read());
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
  fail(error: unknown, entry?: ZipEntryPlan): ApiError {
    if (!this.failure) {
      const failure = this.deadline.error(error);
      const kind = failureKind(failure);
      const perFile = kind !== 'cancelled' && kind !== 'stalled' && failure.fileName === undefined;
      this.failure = perFile && entry ? failure.onFile(entry.shownName) : failure;
    }
    this.deadline.abort();
    return this.failure;
  }

  /** Stops whatever is still open. */
  close(): void {
    this.deadline.abort();
    this.deadline.dispose();
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
      response = await this.options.open(entry.url, this.signal);
    } catch (error) {
      if (failureKind(error) === 'not-found') {
        this.sizes[index] = 0;
        this.known[index] = true;
        this.skipped[index] = true;
        this.options.onSkip(entry);
        return null;
      }
      throw this.fail(error, entry);
    }
    const size = parseContentLength(response.headers.get('Content-Length'));
    this.sizes[index] = size;
    this.known[index] = true;
    return { entry, index, response, size };
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
