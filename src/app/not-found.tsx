import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n/use-translation';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="route-error">
      <h1>{t('app.notFoundTitle')}</h1>
      <p role="alert">{t('app.notFoundText')}</p>
      <Link to="/">{t('ui.backToInbox')}</Link>
    </main>
  );
}
