/**
 * The messages between the page and its request worker (README.md here), typed once for both
 * sides.
 */
import type { JsonAnswer, JsonRequest } from '../json-answer';

/**
 * The page asks for a request, or gives one up (its deadline or its caller's cancel), names the
 * one origin the worker may connect to from now on (the page's connect policy,
 * lib/connect-policy.ts, told with the first request after it is applied), asks whether the
 * worker still runs (`ping`, after a request given up without a word from it), or ends the
 * session (`forget`: a page started early is given up, with its token).
 */
export type PageMessage =
  | ({ type: 'request'; id: number } & JsonRequest)
  | { type: 'abort'; id: number }
  | { type: 'forget' }
  | { type: 'connect-only'; origin: string }
  | { type: 'ping' };

/**
 * The worker is ready (its first message), it still runs (`pong`), a request's answer, or a
 * request that got none (a network failure, or a URL it may not connect to, refused before any
 * request).
 */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'answer'; id: number; answer: JsonAnswer }
  | { type: 'failed'; id: number };
