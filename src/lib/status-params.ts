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
