import type { Attachment } from '../../api/schemas';
import { useAttachmentActions } from '../../lib/attachment-actions';
import { savedFileName, shownFileName } from '../../lib/attachment-target';
import { useSession } from '../../lib/session-context';
import { useTranslation } from '../../i18n/use-translation';
import { AttachmentThumbnail } from './previews/attachment-thumbnail';
import { isPreviewable } from './previews/previewable';
import { Translated } from '../../i18n/translated';
import { ViewButton } from './viewer/view-button';
import { isViewable } from './viewer/viewable';

interface AttachmentItemProps {
  attachment: Attachment;
  conversationId: number;
}

/**
 * A thumbnail for raster images (see previews/), then name, media type, View for what the viewer
 * shows (viewer/viewable.ts) and what else can be done with the file (the downloads feature's control, through the slot in lib/attachment-actions.tsx). The
 * name is the sender's text, rendered by React as text (lib/attachment-target.ts); the file is saved
 * under the safe name, named too when it differs.
 */
export function AttachmentItem({ attachment, conversationId }: AttachmentItemProps) {
  const { t } = useTranslation();
  const safeName = savedFileName(attachment);
  const shownName = shownFileName(attachment);
  const { serviceUrl } = useSession();
  const { Attachment: AttachmentActions } = useAttachmentActions();

  return (
    <li className="attachment">
      {isPreviewable(attachment, serviceUrl) ? (
        <AttachmentThumbnail attachment={attachment} name={shownName} />
      ) : null}
      <div className="attachment-info">
        <bdi className="attachment-name">{shownName}</bdi>
        <span className="attachment-meta">
          {attachment.mimeType ? <bdi>{attachment.mimeType}</bdi> : t('pane.unknownType')}
        </span>
        {safeName !== shownName ? (
          <span className="attachment-meta">
            <Translated id="pane.savesAs" values={{ name: <bdi>{safeName}</bdi> }} />
          </span>
        ) : null}
      </div>
      {isViewable(attachment, serviceUrl) ? (
        <ViewButton attachment={attachment} name={shownName} />
      ) : null}
      <AttachmentActions attachment={attachment} conversationId={conversationId} />
    </li>
  );
}
