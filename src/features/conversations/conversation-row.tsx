import { memo, startTransition, type ComponentProps } from 'react';
import { useLinkClickHandler } from 'react-router-dom';
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
  /** Updated since this agent last opened it on this browser. */
  isNew: boolean;
  now: number;
}

/**
 * The row's `a`, as a router link: a click opens the pane without loading the page. The opening
 * renders in a transition, so the click is painted at once and the pane's render yields to the
 * browser instead of holding the frame (Ctrl/middle click and the like stay the browser's).
 */
function RouterAnchor({ href = '', ...props }: ComponentProps<'a'>) {
  const open = useLinkClickHandler(href);
  return <a href={href} {...props} onClick={(event) => startTransition(() => open(event))} />;
}

const components = { a: RouterAnchor };

/** The markup is the first paint's too (markup.ts). */
export const ConversationRow = memo(function ConversationRow(props: ConversationRowProps) {
  return viewToReact(conversationRowView(props), { components });
});
