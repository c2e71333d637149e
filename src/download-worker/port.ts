import type { PagePortMessage, WorkerReply } from './protocol';

/** What the worker does with each message the page may send on a job's port. */
type PortHandlers = {
  [Type in PagePortMessage['type']]: (message: Extract<PagePortMessage, { type: Type }>) => void;
};

/** Sends a reply on a job's port; the type keeps every reply inside the protocol. */
export function reply(port: MessagePort, message: WorkerReply): void {
  port.postMessage(message);
}

/**
 * Routes the page's messages on a job's port to `handlers` (replacing the previous ones: what
 * Cancel means changes as the job moves on). Anything outside the protocol is ignored.
 */
export function onPortMessage(port: MessagePort, handlers: PortHandlers): void {
  port.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (isPortMessage(data)) handlers[data.type](data);
  };
}

function isPortMessage(data: unknown): data is PagePortMessage {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'cancel'
  );
}
