import { useLocation, useParams } from 'react-router-dom';
import { ConversationPane } from '../features/conversation-detail';
import { parseConversationId } from './route-params';

export function ConversationRoute() {
  const { conversationId } = useParams();
  const { search } = useLocation();
  const id = parseConversationId(conversationId);
  const closeHref = `/${search}`;
  if (id === undefined) {
    return (
      <aside className="detail-pane" aria-label="Conversation">
        <p role="alert" className="alert">
          “{conversationId}” is not a conversation number.
        </p>
      </aside>
    );
  }
  return <ConversationPane key={id} conversationId={id} closeHref={closeHref} />;
}
