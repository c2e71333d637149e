import { onPortMessage, reply } from './port';
import type { StreamMessage, TicketMessage, WorkerTexts } from './protocol';

/** A ticket (url + token) lives this long at most: the page navigates its iframe at once. */
const TICKET_TTL_MS = 10_000;
/** A page-produced stream waits this long at most for its iframe. */
const STREAM_TTL_MS = 60_000;

interface JobBase {
  fileName: string;
  size: number | undefined;
  port: MessagePort;
}

/** A large attachment the worker requests itself. The token is dropped once it is used. */
export interface TicketJob extends JobBase {
  kind: 'ticket';
  url: string;
  token: string;
}

/** A stream the page produces; the worker never sees a url or the token for it. */
export interface StreamJob extends JobBase {
  kind: 'stream';
  stream: ReadableStream<Uint8Array>;
}

type Job = TicketJob | StreamJob;

interface Waiting {
  job: Job;
  timer: ReturnType<typeof setTimeout>;
}

/** Jobs waiting for their iframe, by random id. Memory only: never logged, cached or stored. */
const waiting = new Map<string, Waiting>();

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const isSize = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

function refuse(port: MessagePort) {
  reply(port, { type: 'error', reason: 'invalid' });
  port.close();
}

/**
 * A large attachment, the "ticket": kept only in memory for at most TICKET_TTL_MS, used once.
 * The message comes from this origin's own page, but is checked all the same.
 */
export function acceptTicket(message: TicketMessage, port: MessagePort | undefined): void {
  if (!port) return;
  const { url, token, fileName, size, texts } = message;
  if (
    !isHttpUrl(url) ||
    typeof token !== 'string' ||
    token === '' ||
    typeof fileName !== 'string'
  ) {
    refuse(port);
    return;
  }
  const job: TicketJob = { kind: 'ticket', url, token, fileName, size, port };
  register(job, TICKET_TTL_MS, texts);
}

/** A stream the page produces (transferred with the message), kept for at most STREAM_TTL_MS. */
export function acceptStream(message: StreamMessage, port: MessagePort | undefined): void {
  if (!port) return;
  const { stream, fileName, size, texts } = message;
  if (!(stream instanceof ReadableStream) || typeof fileName !== 'string') {
    if (stream instanceof ReadableStream) stream.cancel().catch(() => undefined);
    refuse(port);
    return;
  }
  register({ kind: 'stream', stream, fileName, size, port }, STREAM_TTL_MS, texts);
}

/** Drops a job that will never be served: its port closes, a stream is cancelled. */
function drop(id: string, { job, timer }: Waiting) {
  waiting.delete(id);
  clearTimeout(timer);
  if (job.kind === 'stream')
    job.stream.cancel(new Error('Download cancelled')).catch(() => undefined);
  job.port.close();
}

/**
 * The name a job without one is saved under, in the words the page sent (its agent's language).
 * A page of an earlier release sends none: its words were English.
 */
function unnamedFile(texts: Partial<WorkerTexts> | undefined): string {
  const name = texts?.unnamedFile;
  return typeof name === 'string' && name.trim() !== '' ? name : 'attachment';
}

/** Keeps a job under a random id for at most `ttl` ms and tells the page the id. */
function register(job: Job, ttl: number, texts: Partial<WorkerTexts> | undefined) {
  const id = randomId();
  job.fileName ||= unnamedFile(texts);
  job.size = isSize(job.size) ? job.size : undefined;
  const entry: Waiting = {
    job,
    timer: setTimeout(() => {
      if (waiting.get(id) !== entry) return;
      reply(job.port, { type: 'error', reason: 'expired' });
      drop(id, entry);
    }, ttl),
  };
  onPortMessage(job.port, {
    cancel: () => {
      if (waiting.get(id) === entry) drop(id, entry);
    },
  });
  waiting.set(id, entry);
  reply(job.port, { type: 'ready', id });
}

/** The job under `id`, taken out: each is served once. */
export function takeJob(id: string): Job | undefined {
  const entry = waiting.get(id);
  if (!entry) return undefined;
  waiting.delete(id);
  clearTimeout(entry.timer);
  return entry.job;
}
