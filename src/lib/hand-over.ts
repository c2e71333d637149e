import { createContext, useContext } from 'react';
import type { ConversationListParams } from '../api/conversations';
import type { ServiceSession } from '../api/http';
import type { ConversationPage } from '../api/schemas';

/**
 * What the first screen (src/boot/) hands to the app when the app takes over: the start-up
 * request for the list's first page, and what the agent did to the rows drawn before React
 * started, so taking over never loses a request, the agent's place or a key press.
 */
export interface HandOver {
  firstPage?: {
    session: ServiceSession;
    params: ConversationListParams;
    request: Promise<ConversationPage>;
    /** Set once the page is here, so the list starts with rows instead of a skeleton. */
    arrived: ConversationPage | undefined;
  };
  /** How far the agent scrolled the first paint's list (0 when there was none). */
  scrollTop: () => number;
  /** The list has started there: later lists start at the top. */
  forgetScrollTop: () => void;
  /** Once: the keys pressed on the first paint, in order. */
  takeKeys: () => KeyboardEvent[];
}

export const NO_HAND_OVER: HandOver = {
  scrollTop: () => 0,
  forgetScrollTop: () => undefined,
  takeKeys: () => [],
};

export const HandOverContext = createContext<HandOver>(NO_HAND_OVER);

export function useHandOver(): HandOver {
  return useContext(HandOverContext);
}
