import type { Attachment } from '../../../api/schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { useAttachmentViewer } from './viewer-context';

/** "View {name}" beside the Download button of a viewable attachment. */
export function ViewButton({ attachment, name }: { attachment: Attachment; name: string }) {
  const { t } = useTranslation();
  const viewer = useAttachmentViewer();
  if (!viewer) return null;
  return (
    <button
      type="button"
      className="attachment-view"
      data-attachment-view=""
      onClick={(event) => viewer.open(attachment, event.currentTarget)}
    >
      {/* Seen: "View"; heard: which file, one message in every language. */}
      <span aria-hidden="true">{t('viewer.view')}</span>
      <span className="visually-hidden">{t('viewer.viewName', { name })}</span>
    </button>
  );
}
