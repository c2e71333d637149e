import { useLocation } from 'react-router-dom';
import { AppLink } from '../../ui/app-link';
import { statusLabel } from '../../lib/status';
import { useClockSettings } from '../../i18n/use-clock-settings';
import { formatExact, formatRelative } from '../../i18n/format';
import { useTranslation } from '../../i18n/use-translation';
import { toIsoString } from '../../lib/time';
import { useNow } from '../../lib/use-now';
import { contactSearchPath, conversationPath } from './conversation-links';
import { Translated } from '../../i18n/translated';
import { useContactConversations } from './use-contact-conversations';

/** How many are listed; the rest are one link away, in the list's contact search. */
const SHOWN = 20;

/**
 * "Other conversations with contact {c}": the ones the lists have loaded (the interface cannot
 * ask for a contact's conversations), each a link keeping the filters, and the list's own
 * `contact:` search for all of them.
 */
export function ContactConversations({
  contactId,
  conversationId,
}: {
  contactId: number;
  conversationId: number;
}) {
  const { t } = useTranslation();
  useClockSettings();
  const { pathname, search } = useLocation();
  const now = useNow();
  const others = useContactConversations(contactId, conversationId);
  const searchPath = contactSearchPath(pathname, contactId, search);
  const more = others.length - SHOWN;

  return (
    // Not a labelled region: a landmark inside the pane's complementary one adds nothing to
    // landmark navigation (the heading is there for heading navigation), and with it axe lost its
    // page in Firefox ESR (the 360 px accessibility test).
    <section className="contact-conversations">
      <h3>
        <Translated id="pane.otherConversations" values={{ contact: <bdi>{contactId}</bdi> }} />
      </h3>
      {others.length === 0 ? (
        <p className="detail-hint">{t('pane.noOtherConversations')}</p>
      ) : (
        <ul>
          {others.slice(0, SHOWN).map((other) => (
            <li key={other.id}>
              <Translated
                id="pane.otherConversation"
                values={{
                  number: (
                    <AppLink to={conversationPath(other.id, search)}>
                      <bdi>#{other.id}</bdi>
                    </AppLink>
                  ),
                  status: statusLabel(other.status),
                  time: (
                    <time
                      dateTime={toIsoString(other.updatedAt)}
                      data-exact={formatExact(other.updatedAt)}
                    >
                      {formatRelative(other.updatedAt, now)}
                      <span className="visually-hidden"> ({formatExact(other.updatedAt)})</span>
                    </time>
                  ),
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="detail-hint">
          <AppLink to={searchPath}>{t('pane.andMore', { count: more })}</AppLink>
        </p>
      ) : null}
      <p>
        <AppLink to={searchPath}>
          <Translated id="pane.findAllOfContact" values={{ contact: <bdi>{contactId}</bdi> }} />
        </AppLink>
      </p>
    </section>
  );
}
