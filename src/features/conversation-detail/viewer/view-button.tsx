import type { Attachment } from '../../../api/schemas';
import { useAttachmentViewer } from './viewer-context';

/** "View {name}" beside the Download button of a viewable attachment. */
export function ViewButton({ attachment, name }: { attachment: Attachment; name: string }) {
  const viewer = useAttachmentViewer();
  if (!viewer) return null;
  return (
    <button
      type="button"
      className="attachment-view"
      data-attachment-view=""
      onClick={(event) => viewer.open(attachment, event.currentTarget)}
    >
      View<span className="visually-hidden"> {name}</span>
    </button>
  );
}
