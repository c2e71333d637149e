import { memo } from 'react';
import type { Conversation } from '../../api/schemas';
import { useClockSettings } from '../../i18n/use-clock-settings';
import { useTranslation } from '../../i18n/use-translation';
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
 * The markup is the first paint's too (markup.ts). Its `a` is a plain link: a click opens the
 * pane through the list's one handler (VirtualRows), so a row reads no router state and a
 * navigation re-renders only the rows whose props changed.
 */
export const ConversationRow = memo(function ConversationRow(props: ConversationRowProps) {
  // Its words, date and time follow the language and the agent's clock.
  useTranslation();
  useClockSettings();
  return viewToReact(conversationRowView(props));
});
