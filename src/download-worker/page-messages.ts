/// <reference lib="webworker" />
import { configSourceFor } from './config-copy';
import { acceptStream, acceptTicket } from './jobs';
import type { ConfigSource, PageMessage } from './protocol';

declare const self: ServiceWorkerGlobalScope;

/** What the worker does with each message the page posts to it (see protocol.ts). */
type PageMessageHandlers = {
  [Type in PageMessage['type']]: (
    message: Extract<PageMessage, { type: Type }>,
    event: ExtendableMessageEvent,
  ) => void;
};

export const pageMessageHandlers: PageMessageHandlers = {
  claim: (_message, event) => event.waitUntil(self.clients.claim()),
  fetch: (message, event) => acceptTicket(message, event.ports[0]),
  stream: (message, event) => acceptStream(message, event.ports[0]),
  // Receiving a message is what keeps the worker alive during a download; nothing else to do.
  keepalive: () => undefined,
  // Only a waiting worker has anything to skip; for the active one this does nothing.
  'skip-waiting': (_message, event) => event.waitUntil(self.skipWaiting()),
  'config-source': (_message, event) => {
    const source = event.source as Client;
    event.ports[0]?.postMessage(configSourceFor(source.id) satisfies ConfigSource);
    event.ports[0]?.close();
  },
};

function isOwnClient(source: ExtendableMessageEvent['source']): boolean {
  if (!source || !('url' in source) || typeof source.url !== 'string') return false;
  try {
    return new URL(source.url).origin === self.location.origin;
  } catch {
    return false;
  }
}

function isPageMessage(data: unknown): data is PageMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  return typeof type === 'string' && Object.hasOwn(pageMessageHandlers, type);
}

/** Messages are accepted only from this origin's own pages; anything else is ignored. */
export function handlePageMessage(event: ExtendableMessageEvent): void {
  const data: unknown = event.data;
  if (!isOwnClient(event.source) || !isPageMessage(data)) return;
  const handle = pageMessageHandlers[data.type] as (
    message: PageMessage,
    event: ExtendableMessageEvent,
  ) => void;
  handle(data, event);
}
