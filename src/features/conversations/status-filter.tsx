import { useId, useOptimistic, useTransition } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { STATUS_FILTERS, type StatusId } from '../../lib/status';
import { viewToReact } from '../../ui/view-react';
import { statusFilterView } from './markup';
import type { StatusFilter as StatusFilterState } from './use-status-filter';
import { useStatusCounts } from './use-status-counts';

interface StatusFilterProps {
  filter: StatusFilterState;
}

/**
 * The status checkboxes, with each status's count once the whole filtered list is loaded. Another
 * filter is another list, drawn in a transition so the click is painted at once: the box shows
 * its new state meanwhile, and the counts, which belong to the list still shown, wait for it.
 */
export function StatusFilter({ filter }: StatusFilterProps) {
  useTranslation();
  const countIdPrefix = useId();
  const counts = useStatusCounts(filter.statusIds);
  const [switching, startSwitch] = useTransition();
  const [shownIds, showToggled] = useOptimistic(filter.statusIds, (ids, id: StatusId) =>
    ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id],
  );
  return viewToReact(
    statusFilterView({
      statusIds: shownIds,
      counts: switching ? undefined : counts,
      countIdPrefix,
      ignored: filter.ignored,
    }),
    {
      parts: Object.fromEntries(
        STATUS_FILTERS.map((status) => [
          `status-${status.name}`,
          {
            onChange: () =>
              startSwitch(() => {
                showToggled(status.id);
                filter.toggle(status.id);
              }),
          },
        ]),
      ),
    },
  );
}
