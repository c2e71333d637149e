import type { RequestLogEntry, ServiceState } from '../../service-double/index';

/** The double's request log since a mark, to count what one sample asked for. */
export function requestMark(state: ServiceState): number {
  return state.requests.at(-1)?.seq ?? 0;
}

export function requestsSince(state: ServiceState, mark: number): RequestLogEntry[] {
  return state.requests.filter((entry) => entry.seq > mark);
}

export function isListGet(entry: RequestLogEntry): boolean {
  return entry.method === 'GET' && entry.path === '/conversations/list';
}
