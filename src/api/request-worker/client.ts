/**
 * The page's side of the request worker (README.md here): starts it, and once it says it is ready
 * sends the JSON requests through it (http.ts `sendJsonRequestsThrough`). A worker that fails
 * (its file gone after a deploy, an error, or no answer to a ping) hands every request back to the
 * page, the ones on their way included, so no request is lost and none is left waiting.
 */
import workerAsset from './worker.ts?worker&url';
import { sendJsonRequestsThrough } from '../http';
import {
  readJsonAnswer,
  type JsonAnswer,
  type JsonRequest,
  type JsonTransport,
} from '../json-answer';
import { connectPolicyOrigin } from '../../lib/connect-policy';
import { checkWorkerFileUrl, createDedicatedWorker } from '../../lib/dedicated-worker';
import type { PageMessage, WorkerMessage } from './protocol';

export const REQUEST_WORKER_POLICY_NAME = 'threadline-request-worker';

/**
 * A request given up (its deadline, or its caller) with no word from the worker since it was sent
 * may mean the worker has stopped without an `error` event, or only a slow service: the page pings
 * the worker, and takes the requests back if no answer comes within this long.
 */
export const PING_ANSWER_MS = 2000;

/** What the page uses of a Worker (a test's stand-in has the same). */
export interface RequestWorker {
  postMessage(message: PageMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerMessage>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: () => void): void;
  terminate(): void;
}

interface Waiting {
  request: JsonRequest;
  signal: AbortSignal;
  resolve: (answer: JsonAnswer) => void;
  reject: (reason: unknown) => void;
  stopWatching: () => void;
}

/** What fetch rejects with when its signal aborts (getJson reads the signal's own reason). */
function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/** Starts the worker and moves the JSON requests to it once it is ready. */
export function startRequestWorker(create: () => RequestWorker = createRequestWorker): void {
  let worker: RequestWorker;
  try {
    worker = create();
  } catch {
    // Refused (an older CSP without the policy's name, say): requests stay in the page.
    return;
  }
  const waiting = new Map<number, Waiting>();
  let lastId = 0;
  let failed = false;
  let heardAt = performance.now();
  let toldOrigin: string | null = null;
  let pinged = false;

  const checkAlive = () => {
    if (pinged || failed) return;
    pinged = true;
    const askedAt = performance.now();
    worker.postMessage({ type: 'ping' });
    setTimeout(() => {
      pinged = false;
      if (heardAt < askedAt) takeBack();
    }, PING_ANSWER_MS);
  };

  const throughWorker: JsonTransport = (request, signal) =>
    new Promise((resolve, reject) => {
      if (failed) {
        readJsonAnswer(request, signal).then(resolve, reject);
        return;
      }
      if (signal.aborted) {
        reject(abortError(signal));
        return;
      }
      // The page's connect policy, applied since the last request: the worker keeps it too.
      const origin = connectPolicyOrigin();
      if (origin !== null && toldOrigin === null) {
        worker.postMessage({ type: 'connect-only', origin });
        toldOrigin = origin;
      }
      const id = (lastId += 1);
      const sentAt = performance.now();
      const giveUp = () => {
        waiting.delete(id);
        worker.postMessage({ type: 'abort', id });
        reject(abortError(signal));
        if (heardAt < sentAt) checkAlive();
      };
      signal.addEventListener('abort', giveUp, { once: true });
      const stopWatching = () => signal.removeEventListener('abort', giveUp);
      waiting.set(id, { request, signal, resolve, reject, stopWatching });
      worker.postMessage({ type: 'request', id, ...request });
    });

  const takeBack = () => {
    if (failed) return;
    failed = true;
    sendJsonRequestsThrough(readJsonAnswer);
    worker.terminate();
    for (const { request, signal, resolve, reject, stopWatching } of waiting.values()) {
      stopWatching();
      readJsonAnswer(request, signal).then(resolve, reject);
    }
    waiting.clear();
  };

  worker.addEventListener('message', ({ data }) => {
    heardAt = performance.now();
    if (data.type === 'pong') return;
    if (data.type === 'ready') {
      if (!failed)
        sendJsonRequestsThrough(throughWorker, () => worker.postMessage({ type: 'forget' }));
      return;
    }
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    entry.stopWatching();
    if (data.type === 'answer') entry.resolve(data.answer);
    // As fetch says it: getJson turns it into "no connection".
    else entry.reject(new TypeError('No answer from the service'));
  });
  worker.addEventListener('error', takeBack);
  worker.addEventListener('messageerror', takeBack);
}

/**
 * The rule of the Trusted Types policy `threadline-request-worker` (lib/dedicated-worker.ts): only
 * the worker's file as the build emitted it, on this origin.
 */
export function checkRequestWorkerUrl(input: string, base: string, allowed = workerAsset): string {
  return checkWorkerFileUrl(REQUEST_WORKER_POLICY_NAME, input, base, allowed);
}

function createRequestWorker(): RequestWorker {
  return createDedicatedWorker(REQUEST_WORKER_POLICY_NAME, workerAsset, 'requests');
}
