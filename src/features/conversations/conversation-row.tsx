import { memo, type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import { viewToReact } from '../../ui/view-react';
import { conversationRowView } from './markup';

interface ConversationRowProps {
  conversation: Conversation;
  href: string;
  /** Open in the pane. */
  current: boolean;
  /** The keyboard selection (j/k); it also has focus when rendered. */
  selected: boolean;
  now: number;
}

/** The row's `a`, as a router link: a click opens the pane without loading the page. */
function RouterAnchor({ href = '', ...props }: ComponentProps<'a'>) {
  return <Link to={href} {...props} />;
}

const components = { a: RouterAnchor };

/** The markup is the first paint's too (markup.ts). */
export const ConversationRow = memo(function ConversationRow(props: ConversationRowProps) {
  return viewToReact(conversationRowView(props), { components });
});
