import { Link, useLocation } from 'react-router-dom';
import { statusLabel } from '../../lib/status';
import { formatExact, formatRelative } from '../../i18n/format';
import { toIsoString } from '../../lib/time';
import { useNow } from '../../lib/use-now';
import { contactSearchPath, conversationPath } from './conversation-links';
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
      <h3>Other conversations with contact {contactId}</h3>
      {others.length === 0 ? (
        <p className="detail-hint">No other loaded conversations with this contact.</p>
      ) : (
        <ul>
          {others.slice(0, SHOWN).map((other) => (
            <li key={other.id}>
              <Link to={conversationPath(other.id, search)}>#{other.id}</Link>
              {` · ${statusLabel(other.status)} · updated `}
              <time dateTime={toIsoString(other.updatedAt)} title={formatExact(other.updatedAt)}>
                {formatRelative(other.updatedAt, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="detail-hint">
          <Link to={searchPath}>and {more} more</Link>
        </p>
      ) : null}
      <p>
        <Link to={searchPath}>Find all loaded conversations of contact {contactId}</Link>
      </p>
    </section>
  );
}
