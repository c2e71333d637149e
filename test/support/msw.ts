import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  createServiceState,
  handleServiceRequest,
  toFetchResponse,
  type ServiceOptions,
  type ServiceState,
} from '../../service-double/index';

/** The component tests' service: the same double `npm start` and the browser tests use. */
export const TEST_SERVICE_URL = 'http://service.test/api';
export const TEST_TOKEN = 'test-token';

let state: ServiceState = createServiceState({ token: TEST_TOKEN, conversations: 300 });

/** The double behind the current test; replace it with `useService(options)`. */
export function service(): ServiceState {
  return state;
}

/** Starts the current test against a double with these options (e.g. size, faults). */
export function useService(options: ServiceOptions = {}): ServiceState {
  state = createServiceState({ token: TEST_TOKEN, conversations: 300, ...options });
  return state;
}

export const server = setupServer(
  http.all(`${TEST_SERVICE_URL}/*`, async ({ request }) => {
    const response = await handleServiceRequest(state, {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      basePath: new URL(TEST_SERVICE_URL).pathname,
      signal: request.signal,
    });
    return toFetchResponse(response, request.signal);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createServiceState({ token: TEST_TOKEN, conversations: 300 });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The list requests the service saw, as URLSearchParams. */
export function listRequests(): URLSearchParams[] {
  return state.requests
    .filter((entry) => entry.path === '/conversations/list')
    .map((entry) => new URLSearchParams(entry.query));
}
