import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STATUS_FILTERS, type StatusId } from '../../lib/status';

export const STATUS_PARAM = 'status';

export interface StatusFilter {
  /** Sorted, unique; empty means every status. */
  statusIds: StatusId[];
  /** Values in the URL we could not use, so the agent can be told. */
  ignored: string[];
  toggle: (id: StatusId) => void;
}

/** Parses `?status=open&status=pending`; unknown values are ignored, not fatal. */
export function parseStatusParams(
  values: readonly string[],
): Pick<StatusFilter, 'statusIds' | 'ignored'> {
  const ids = new Set<StatusId>();
  const ignored: string[] = [];
  for (const value of values) {
    const match = STATUS_FILTERS.find((status) => status.name === value.trim().toLowerCase());
    if (match) ids.add(match.id);
    else ignored.push(value);
  }
  return { statusIds: [...ids].sort((a, b) => a - b), ignored };
}

/** The status filter lives in the URL, so reloads and shared links restore it. */
export function useStatusFilter(): StatusFilter {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.getAll(STATUS_PARAM).join('\u0000');
  const { statusIds, ignored } = useMemo(
    () => parseStatusParams(raw === '' ? [] : raw.split('\u0000')),
    [raw],
  );

  const toggle = useCallback(
    (id: StatusId) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        const selected = new Set(parseStatusParams(current.getAll(STATUS_PARAM)).statusIds);
        if (selected.has(id)) selected.delete(id);
        else selected.add(id);
        next.delete(STATUS_PARAM);
        for (const status of STATUS_FILTERS) {
          if (selected.has(status.id)) next.append(STATUS_PARAM, status.name);
        }
        return next;
      });
    },
    [setSearchParams],
  );

  return { statusIds, ignored, toggle };
}
