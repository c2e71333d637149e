import { useId } from 'react';
import { STATUS_FILTERS } from '../../lib/status';
import type { StatusCounts } from './conversation-list';
import type { StatusFilter as StatusFilterState } from './use-status-filter';

interface StatusFilterProps {
  filter: StatusFilterState;
  /** Known only when the whole filtered list is loaded; shown for the statuses it covers. */
  counts?: StatusCounts | undefined;
}

export function StatusFilter({ filter, counts }: StatusFilterProps) {
  const countId = useId();
  const all = filter.statusIds.length === 0;
  return (
    <fieldset className="status-filter">
      <legend>Status</legend>
      {STATUS_FILTERS.map((status) => {
        const checked = filter.statusIds.includes(status.id);
        const count = counts && (all || checked) ? counts[status.name] : undefined;
        const id = `${countId}${status.name}`;
        return (
          <label key={status.id} className="checkbox">
            <input
              type="checkbox"
              checked={checked}
              onChange={() => filter.toggle(status.id)}
              // The count stays out of the name ("Open") and is read as its description.
              aria-describedby={count === undefined ? undefined : id}
            />
            {status.label}
            {/* Always there, so the checkboxes never move when the counts appear. */}
            <span id={id} className="status-count" aria-hidden="true">
              {count}
              {count === undefined ? null : <span className="visually-hidden"> conversations</span>}
            </span>
          </label>
        );
      })}
      {filter.ignored.length > 0 ? (
        <p className="notice" role="status">
          Ignored an unknown status in the link: {filter.ignored.map((v) => `“${v}”`).join(', ')}.
        </p>
      ) : null}
    </fieldset>
  );
}
