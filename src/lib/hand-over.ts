import { createContext, useContext } from 'react';
import type { ConversationListParams } from '../api/conversations';
import type { ServiceSession } from '../api/http';
import type { ConversationPage } from '../api/schemas';
import { askOpenTabs } from './session-share';

/** The sign-in form as the agent left it before the app took over. */
export interface TypedSignIn {
  serviceUrl: string;
  token: string;
  /** The field that had focus (its name), if one did. */
  focus: 'serviceUrl' | 'token' | 'language' | null;
  /**
   * The focused text field's selection (start, end, direction): the caret or the selected text
   * goes on where the agent left it, so a paste over a selection replaces it as it would have.
   */
  selection?: [number, number, 'forward' | 'backward' | 'none'];
  /** Sign in was pressed: the app signs in at once. */
  submitted: boolean;
  /** The code of the language its Language select showed: the app chooses it if it is another. */
  language: string;
}

/**
 * What the first screen (src/boot/) hands to the app when the app takes over: the start-up
 * requests (the list's first page; the ask to other open tabs for their session), and what the
 * agent did to the rows or the sign-in form drawn before React started, so taking over never
 * loses a request, the agent's place, a key press or a typed character.
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
  /** The session of another open tab of the app: the one ask, started with the page. */
  askOpenTabs: () => Promise<ServiceSession | null>;
  /** The drawn sign-in form as the agent left it (read when the app takes over), if one was drawn. */
  typedSignIn: () => TypedSignIn | undefined;
}

export const NO_HAND_OVER: HandOver = {
  scrollTop: () => 0,
  forgetScrollTop: () => undefined,
  takeKeys: () => [],
  askOpenTabs: () => askOpenTabs(),
  typedSignIn: () => undefined,
};

export const HandOverContext = createContext<HandOver>(NO_HAND_OVER);

export function useHandOver(): HandOver {
  return useContext(HandOverContext);
}
