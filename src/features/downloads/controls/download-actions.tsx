import type { ReactNode } from 'react';
import { AttachmentActionsContext, type AttachmentActions } from '../../../lib/attachment-actions';
import { AttachmentDownload } from './attachment-download';
import { DownloadAll } from './download-all';

const actions: AttachmentActions = { Attachment: AttachmentDownload, Conversation: DownloadAll };

/**
 * Puts the download controls into the conversation pane, which only knows the slots
 * (lib/attachment-actions.tsx): features do not import each other; app/ composes them.
 */
export function DownloadActionsProvider({ children }: { children: ReactNode }) {
  return (
    <AttachmentActionsContext.Provider value={actions}>
      {children}
    </AttachmentActionsContext.Provider>
  );
}
