import { useId } from 'react';
import { STATUS_FILTERS } from '../../lib/status';
import { viewToReact } from '../../ui/view-react';
import { statusFilterView, type StatusCounts } from './markup';
import type { StatusFilter as StatusFilterState } from './use-status-filter';

interface StatusFilterProps {
  filter: StatusFilterState;
  /** Known only when the whole filtered list is loaded; shown for the statuses it covers. */
  counts?: StatusCounts | undefined;
}

export function StatusFilter({ filter, counts }: StatusFilterProps) {
  const countIdPrefix = useId();
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
