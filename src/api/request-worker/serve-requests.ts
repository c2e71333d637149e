import { serviceOrigin } from '../../lib/origin-guard';
import { readJsonAnswer } from '../json-answer';
import { createEarlyPages } from './early-next-page';
import type { PageMessage, WorkerMessage } from './protocol';

/** The side of a worker (or of a test's stand-in for one) that talks to its page. */
export interface PagePort {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PageMessage>) => void): void;
}

/**
 * Answers the page's requests with the same reader the page uses (json-answer.ts), to http(s)
 * URLs only. The page's Content-Security-Policy does not reach a worker (it takes its policy from
 * its own response headers), so the worker keeps the page's connect policy itself: once the page
 * names the service's origin (`connect-only`, sent with the first request after
 * lib/connect-policy.ts applies it) it
 * refuses any other, and, as a policy, it never widens again.
 */
export function serveJsonRequests(page: PagePort): void {
  const running = new Map<number, AbortController>();
  let onlyOrigin: string | undefined;
  const earlyPages = createEarlyPages();

  page.addEventListener('message', ({ data: message }) => {
    if (message.type === 'ping') {
      page.postMessage({ type: 'pong' });
      return;
    }
    if (message.type === 'connect-only') {
      onlyOrigin ??= message.origin;
      return;
    }
    if (message.type === 'forget') {
      earlyPages.forget();
      return;
    }
    if (message.type === 'abort') {
      running.get(message.id)?.abort();
      running.delete(message.id);
      return;
    }
    const { id, url, headers, page: listPage } = message;
    const request = { url, headers, page: listPage };
    if (!mayConnectTo(request.url, onlyOrigin)) {
      page.postMessage({ type: 'failed', id });
      return;
    }
    const taken = earlyPages.take(request);
    const controller = taken?.controller ?? new AbortController();
    running.set(id, controller);
    (taken?.answer ?? readJsonAnswer(request, controller.signal)).then(
      (answer) => {
        // An answer the page gave up on is not sent: it has forgotten the request.
        if (!running.delete(id)) return;
        page.postMessage({ type: 'answer', id, answer });
        earlyPages.follow(request, answer, (url) => mayConnectTo(url, onlyOrigin));
      },
      () => {
        if (running.delete(id)) page.postMessage({ type: 'failed', id });
      },
    );
  });
  page.postMessage({ type: 'ready' });
}

/** An http(s) URL without credentials (origin-guard.ts), on `onlyOrigin` once there is one. */
function mayConnectTo(url: string, onlyOrigin: string | undefined): boolean {
  let origin: string;
  try {
    origin = serviceOrigin(url);
  } catch {
    return false;
  }
  return onlyOrigin === undefined || origin === onlyOrigin;
}
