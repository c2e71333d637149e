import { AppLink } from './app-link';
import { useTranslation } from '../i18n/use-translation';

/**
 * "Back to conversations" at the top of the pane, shown below 720 px only, where the pane covers
 * the list (ui/styles.css); there it stands in for Close. A link to the list with the same
 * filters, as Close is: the list, only hidden under the pane, is where it was. Shared, and its
 * words and style in the first load, because the pane's stand-ins (opening, or its code failed to
 * arrive) need it too: without it a phone would show them with no way back but the browser's.
 */
export function BackToConversations({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <AppLink to={to} className="button-quiet pane-back">
      {t('list.backToConversations')}
    </AppLink>
  );
}
