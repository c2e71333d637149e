import { STATUS_FILTERS, type StatusId } from './status';

/** The URL parameter holding the status filter: `?status=open&status=pending`. */
export const STATUS_PARAM = 'status';

export interface ParsedStatusParams {
  /** Sorted, unique; empty means every status. */
  statusIds: StatusId[];
  /** Values we could not use, so the agent can be told. */
  ignored: string[];
}

/** Unknown values are ignored, not fatal. */
export function parseStatusParams(values: readonly string[]): ParsedStatusParams {
  const ids = new Set<StatusId>();
  const ignored: string[] = [];
  for (const value of values) {
    const match = STATUS_FILTERS.find((status) => status.name === value.trim().toLowerCase());
    if (match) ids.add(match.id);
    else ignored.push(value);
  }
  return { statusIds: [...ids].sort((a, b) => a - b), ignored };
}

/** The query string with one status switched on or off, statuses in the interface's order. */
export function toggleStatusParam(current: URLSearchParams, id: StatusId): URLSearchParams {
  const next = new URLSearchParams(current);
  const selected = new Set(parseStatusParams(current.getAll(STATUS_PARAM)).statusIds);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  next.delete(STATUS_PARAM);
  for (const status of STATUS_FILTERS) {
    if (selected.has(status.id)) next.append(STATUS_PARAM, status.name);
  }
  return next;
}
