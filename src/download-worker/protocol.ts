/**
 * The service worker's protocol: every message between the page
 * (src/features/downloads/engines/worker-download.ts, worker-support.ts; src/lib/app-worker.ts and
 * src/features/installed-app/) and the worker (this folder), and the constants both sides must
 * agree on. Both import it; nothing here is
 * defined anywhere else. test/unit/download-worker-protocol.test.ts checks that each side handles
 * every message the other sends.
 */

/**
 * Where the worker script is served (the Vite build and dev server put it there). Its name is
 * from when it only served downloads; it is also the app shell's worker now (one scope holds one
 * worker), and a service worker's URL is best left unchanged across releases.
 */
export const WORKER_SCRIPT_PATH = '/download-sw.js';

/** The runtime configuration the page reads at start-up (src/lib/config.ts). */
export const CONFIG_PATH = '/config.json';

/** The only URLs the worker answers: `<DOWNLOAD_PATH><job id>`, on the app's origin. */
export const DOWNLOAD_PATH = '/__threadline/download/';

/** Progress is reported at most this often (by the worker, and by the page to React). */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * What the worker writes for a person to read, already in the agent's language: the worker loads
 * no catalogs, so the page sends the words with each job. Today one: the name a job without a
 * file name is saved under (the saved file's name is what the agent reads in the Downloads list).
 */
export interface WorkerTexts {
  unnamedFile: string;
}

/**
 * A large attachment the worker requests itself. `url` has passed the page's origin guard (the
 * service's origin and base path) and `fileName` has been made safe; `size` is the page's probe's
 * Content-Length (the worker prefers its own answer's).
 */
export interface TicketMessage {
  type: 'fetch';
  url: string;
  token: string;
  fileName: string;
  size: number | undefined;
  texts: WorkerTexts;
}

/** A stream the page produces (Download all's zip), transferred with the message. */
export interface StreamMessage {
  type: 'stream';
  stream: ReadableStream<Uint8Array>;
  fileName: string;
  /** The exact byte length when known (sent as Content-Length). */
  size: number | undefined;
  texts: WorkerTexts;
}

/**
 * What the page posts to the worker itself. A job (`fetch`, `stream`) carries a MessageChannel
 * port for everything about that job; `claim` asks an active worker to control the page (a hard
 * reload leaves it uncontrolled); `keepalive` only keeps the worker running during a download;
 * `skip-waiting` tells a new version's waiting worker to take over (the agent chose Reload);
 * `config-source` asks, with a port for the ConfigSource reply, where the worker got the
 * config.json it gave this page.
 */
export type PageMessage =
  | TicketMessage
  | StreamMessage
  | { type: 'claim' }
  | { type: 'keepalive' }
  | { type: 'skip-waiting' }
  | { type: 'config-source' };

/** Where the config.json the worker last gave to the asking page came from. */
export type ConfigSource =
  /** The server's own answer (also kept as the last good copy). */
  | { source: 'network' }
  /** The last good copy, saved at `savedAt` (ISO 8601), because the server's answer was bad. */
  | { source: 'saved'; savedAt: string; problem: ConfigProblem }
  /** The worker gave this page no config.json (it was not in control yet, or has restarted). */
  | { source: 'unknown' };

/**
 * What was wrong with the server's config.json: no answer (`network`), none in time (`timeout`),
 * an error status (`http`, with `status`), or not a JSON object (`invalid`).
 */
export type ConfigProblem =
  { reason: 'network' | 'timeout' | 'invalid' } | { reason: 'http'; status: number };

/** What the page sends on a job's port: stop (Cancel, or the page gave up on the job). */
export type PagePortMessage = { type: 'cancel' };

/**
 * Why the worker failed a job.
 * - `http`: its request got an error status (`status`, `retryAfter` when the service exposes it);
 * - `network`: its request got no answer (or a redirect, which it refuses);
 * - `incomplete`: a stream ended before its announced size;
 * - `invalid`: it refused the job's message (bad url, token, name or stream);
 * - `expired`: no frame asked for the job in time.
 */
export type WorkerErrorReason = 'http' | 'network' | 'incomplete' | 'invalid' | 'expired';

/** What the worker sends on a job's port. */
export type WorkerReply =
  /** It holds the job: the page points a hidden iframe at DOWNLOAD_PATH + id. */
  | { type: 'ready'; id: string }
  /** The browser's download has begun (a ticket's job ends here for the page). */
  | { type: 'started'; total: number | undefined }
  | { type: 'progress'; received: number; total: number | undefined }
  | { type: 'done'; received: number }
  /** The agent cancelled in the browser's Downloads list. */
  | { type: 'cancelled' }
  | { type: 'error'; reason: WorkerErrorReason; status?: number; retryAfter?: string | null };

/**
 * Every kind of each union, checked complete by the compiler (a key missing or unknown fails the
 * build), so a test can list them at run time.
 */
export const PAGE_MESSAGE_TYPES = Object.keys({
  fetch: true,
  stream: true,
  claim: true,
  keepalive: true,
  'skip-waiting': true,
  'config-source': true,
} satisfies Record<PageMessage['type'], true>) as PageMessage['type'][];

export const PAGE_PORT_MESSAGE_TYPES = Object.keys({
  cancel: true,
} satisfies Record<PagePortMessage['type'], true>) as PagePortMessage['type'][];

export const WORKER_REPLY_TYPES = Object.keys({
  ready: true,
  started: true,
  progress: true,
  done: true,
  cancelled: true,
  error: true,
} satisfies Record<WorkerReply['type'], true>) as WorkerReply['type'][];

export const WORKER_ERROR_REASONS = Object.keys({
  http: true,
  network: true,
  incomplete: true,
  invalid: true,
  expired: true,
} satisfies Record<WorkerErrorReason, true>) as WorkerErrorReason[];
