import { createContext, useContext, type ComponentType } from 'react';
import type { MessagePage } from '../api/messages';
import type { Attachment } from '../api/schemas';

export interface AttachmentActionProps {
  attachment: Attachment;
  conversationId: number;
}

export interface ConversationActionProps {
  conversationId: number;
  /** The message pages loaded so far. */
  pages: MessagePage[];
  hasNextPage: boolean;
  /** Loads the remaining message pages until `signal` aborts; goes on after the pane has closed. */
  loadAllPages: (signal?: AbortSignal) => Promise<MessagePage[]>;
}

/**
 * Slots the conversation pane renders for what can be done with attachments (download one, or all
 * of them). The downloads feature fills them; app/ puts the two together, so neither feature
 * imports the other.
 */
export interface AttachmentActions {
  Attachment: ComponentType<AttachmentActionProps>;
  Conversation: ComponentType<ConversationActionProps>;
}

const none: AttachmentActions = { Attachment: () => null, Conversation: () => null };

export const AttachmentActionsContext = createContext<AttachmentActions>(none);

export function useAttachmentActions(): AttachmentActions {
  return useContext(AttachmentActionsContext);
}
