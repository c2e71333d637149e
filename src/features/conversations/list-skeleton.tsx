const PLACEHOLDER_ROWS = 8;

export function ListSkeleton() {
  return (
    <div className="list-skeleton" role="status" aria-label="Loading conversations">
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        <div key={index} className="skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}
