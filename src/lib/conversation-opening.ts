import { createContext, useContext } from 'react';

/**
 * Told that the agent is opening this conversation (a row's click, Enter or o), before the pane
 * renders: the pane asks for its messages only once it has been drawn, after a frame of its own,
 * so app/ starts that request here. The list and the pane are features that do not import each
 * other; app/ fills this in (inbox-layout.tsx).
 */
export type ConversationOpening = (conversationId: number) => void;

export const ConversationOpeningContext = createContext<ConversationOpening>(() => undefined);

export function useConversationOpening(): ConversationOpening {
  return useContext(ConversationOpeningContext);
}
