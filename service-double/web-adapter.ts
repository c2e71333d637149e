import type { ServiceResponse } from './responses.ts';

/**
 * Turns a ServiceResponse into a fetch Response, e.g. for an MSW handler:
 *   http.all(`${base}/*`, ({ request }) => toFetchResponse(await handleServiceRequest(state, ...), request.signal))
 * 'reset' becomes Response.error() (fetch rejects with a network error); 'hang' never settles
 * unless `signal` aborts.
 */
export function toFetchResponse(
  response: ServiceResponse,
  signal?: AbortSignal,
): Promise<Response> {
  if (response.fault === 'reset') return Promise.resolve(Response.error());
  if (response.fault === 'hang') {
    return new Promise((_, reject) => {
      const fail = () => reject(new DOMException('The request was aborted', 'AbortError'));
      if (signal?.aborted) fail();
      signal?.addEventListener('abort', fail, { once: true });
    });
  }
  const { body } = response;
  const init = { status: response.status, headers: response.headers };
  if (body === undefined || response.status === 204 || response.status === 304) {
    return Promise.resolve(new Response(null, init));
  }
  if (typeof body === 'string') return Promise.resolve(new Response(body, init));
  if (body instanceof Uint8Array) return Promise.resolve(new Response(copy(body), init));
  const iterator = body[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const result = await iterator.next();
        if (result.done === true) controller.close();
        // Chunks may be views of a shared pool; the consumer gets its own copy.
        else controller.enqueue(copy(result.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return Promise.resolve(new Response(stream, init));
}

function copy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}
