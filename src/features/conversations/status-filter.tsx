import { STATUS_FILTERS } from '../../lib/status';
import type { StatusFilter as StatusFilterState } from './use-status-filter';

export function StatusFilter({ filter }: { filter: StatusFilterState }) {
  return (
    <fieldset className="status-filter">
      <legend>Status</legend>
      {STATUS_FILTERS.map((status) => (
        <label key={status.id} className="checkbox">
          <input
            type="checkbox"
            checked={filter.statusIds.includes(status.id)}
            onChange={() => filter.toggle(status.id)}
          />
          {status.label}
        </label>
      ))}
      {filter.ignored.length > 0 ? (
        <p className="notice" role="status">
          Ignored an unknown status in the link: {filter.ignored.map((v) => `“${v}”`).join(', ')}.
        </p>
      ) : null}
    </fieldset>
  );
}
