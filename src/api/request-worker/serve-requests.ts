import { readJsonAnswer } from '../json-answer';
import type { PageMessage, WorkerMessage } from './protocol';

/** The side of a worker (or of a test's stand-in for one) that talks to its page. */
export interface PagePort {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PageMessage>) => void): void;
}

/**
 * Answers the page's requests with the same reader the page uses (json-answer.ts). The first
 * request's origin is the only one it will ever connect to: the page's Content-Security-Policy
 * (narrowed to the service's origin, lib/connect-policy.ts) does not reach a worker, which takes
 * its policy from its own response headers.
 */
export function serveJsonRequests(page: PagePort): void {
  const running = new Map<number, AbortController>();
  let serviceOrigin: string | undefined;

  page.addEventListener('message', ({ data: message }) => {
    if (message.type === 'abort') {
      running.get(message.id)?.abort();
      running.delete(message.id);
      return;
    }
    const { id, url, headers } = message;
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      page.postMessage({ type: 'failed', id });
      return;
    }
    serviceOrigin ??= origin;
    if (origin !== serviceOrigin) {
      page.postMessage({ type: 'failed', id });
      return;
    }
    const controller = new AbortController();
    running.set(id, controller);
    readJsonAnswer({ url, headers }, controller.signal).then(
      (answer) => {
        // An answer the page gave up on is not sent: it has forgotten the request.
        if (running.delete(id)) page.postMessage({ type: 'answer', id, answer });
      },
      () => {
        if (running.delete(id)) page.postMessage({ type: 'failed', id });
      },
    );
  });
  page.postMessage({ type: 'ready' });
}
