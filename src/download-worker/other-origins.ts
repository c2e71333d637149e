/// <reference lib="webworker" />

declare const self: ServiceWorkerGlobalScope;

/** Chromium's static routing and URLPattern, which TypeScript's libraries do not declare yet. */
interface RouterInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: { condition: unknown; source: 'network' }) => Promise<void>;
}
type UrlPatternConstructor = new (init: Record<string, string>) => unknown;

/**
 * Requests to any other origin (the conversation service above all: list pages, messages,
 * previews, attachments) go straight to the network without this worker: Chromium's static
 * routing, declared when the worker installs. So the service's requests never wait for a stopped
 * worker to start (it stops after 30 s idle), and never reach code that caches. Where the browser
 * has no static routing they reach the fetch handlers, which leave them alone (main.ts).
 */
export function sendOtherOriginsToNetwork(event: ExtendableEvent): void {
  const { addRoutes } = event as RouterInstallEvent;
  const UrlPattern = (globalThis as { URLPattern?: UrlPatternConstructor }).URLPattern;
  if (!addRoutes || !UrlPattern) return;
  try {
    const { protocol, hostname, port } = self.location;
    const ownOrigin = new UrlPattern({ protocol: protocol.slice(0, -1), hostname, port });
    event.waitUntil(
      addRoutes
        .call(event, { condition: { not: { urlPattern: ownOrigin } }, source: 'network' })
        // An older static routing without `not`: the fetch handlers still leave them alone.
        .catch(() => undefined),
    );
  } catch {
    // The same: nothing is lost but the shortcut.
  }
}
