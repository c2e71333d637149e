import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STATUS_FILTERS, type StatusId } from '../../lib/status';
import { parseStatusParams, STATUS_PARAM, type ParsedStatusParams } from '../../lib/status-params';

export { STATUS_PARAM };

export interface StatusFilter extends ParsedStatusParams {
  toggle: (id: StatusId) => void;
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
