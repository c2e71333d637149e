import { useTranslation } from '../i18n/use-translation';
import { useOnlineStatus } from '../lib/use-online-status';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      {t('ui.offline')}
    </p>
  );
}
