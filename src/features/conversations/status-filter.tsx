import { useId } from 'react';
import { STATUS_FILTERS } from '../../lib/status';
import { viewToReact } from '../../ui/view-react';
import { statusFilterView } from './markup';
import type { StatusFilter as StatusFilterState } from './use-status-filter';
import { useStatusCounts } from './use-status-counts';

interface StatusFilterProps {
  filter: StatusFilterState;
}

/** The status checkboxes, with each status's count once the whole filtered list is loaded. */
export function StatusFilter({ filter }: StatusFilterProps) {
  const countIdPrefix = useId();
  const counts = useStatusCounts(filter.statusIds);
  return viewToReact(
    statusFilterView({
      statusIds: filter.statusIds,
      counts,
      countIdPrefix,
      ignored: filter.ignored,
    }),
    {
      parts: Object.fromEntries(
        STATUS_FILTERS.map((status) => [
          `status-${status.name}`,
          { onChange: () => filter.toggle(status.id) },
        ]),
      ),
    },
  );
}
