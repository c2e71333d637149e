import { AppLink } from '../ui/app-link';
import { useTranslation } from '../i18n/use-translation';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="route-error">
      <h1>{t('app.notFoundTitle')}</h1>
      <p role="alert">{t('app.notFoundText')}</p>
      <AppLink to="/">{t('ui.backToInbox')}</AppLink>
    </main>
  );
}
