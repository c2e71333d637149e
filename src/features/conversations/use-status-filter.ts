import { useCallback, useMemo } from 'react';
import { useQueryParams } from '../../lib/use-query-params';
import type { StatusId } from '../../lib/status';
import {
  parseStatusParams,
  STATUS_PARAM,
  toggleStatusParam,
  type ParsedStatusParams,
} from '../../lib/status-params';

export { STATUS_PARAM };

export interface StatusFilter extends ParsedStatusParams {
  toggle: (id: StatusId) => void;
}

/** The status filter lives in the URL, so reloads and shared links restore it. */
export function useStatusFilter(): StatusFilter {
  const [searchParams, setSearchParams] = useQueryParams();
  const raw = searchParams.getAll(STATUS_PARAM).join('\u0000');
  const { statusIds, ignored } = useMemo(
    () => parseStatusParams(raw === '' ? [] : raw.split('\u0000')),
    [raw],
  );

  const toggle = useCallback(
    (id: StatusId) => {
      setSearchParams((current) => toggleStatusParam(current, id));
    },
    [setSearchParams],
  );

  return { statusIds, ignored, toggle };
}
