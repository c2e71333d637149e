import { useTranslation } from '../../i18n/use-translation';

const PLACEHOLDER_ROWS = 8;

export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="list-skeleton" role="status" aria-label={t('list.loading')}>
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        <div key={index} className="skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}
