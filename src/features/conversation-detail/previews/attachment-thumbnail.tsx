import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Attachment } from '../../../api/schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { useSession } from '../../../lib/session-context';
import { BlobImage } from './blob-image';
import { previewQueryOptions } from './preview-query';
import { useInView } from './use-in-view';
import { useAttachmentViewer } from '../viewer/viewer-context';

interface AttachmentThumbnailProps {
  /** Already checked: an allow-listed raster type on the service's origin (see previewable.ts). */
  attachment: Attachment;
  name: string;
}

/**
 * A thumbnail for a PNG, JPEG, GIF or WebP attachment. Nothing is requested until its slot
 * scrolls into view; then the image is fetched with the token (at most 10 MB) and shown from a
 * Blob. Too large or not loadable: nothing, just the attachment row. Not decodable: "Preview
 * unavailable". A click opens the viewer, as the row's View button does (that button is the way in
 * for the keyboard and screen readers, so the picture is not a second button of the same name).
 */
export function AttachmentThumbnail({ attachment, name }: AttachmentThumbnailProps) {
  const { t } = useTranslation();
  const session = useSession();
  const viewer = useAttachmentViewer();
  const [slot, inView] = useInView<HTMLDivElement>();
  const preview = useQuery({ ...previewQueryOptions(session, attachment.url), enabled: inView });
  const [broken, setBroken] = useState(false);
  const result = preview.data;

  if (preview.isError || result?.kind === 'too-large') return null;
  if (result?.kind === 'unreadable' || broken) {
    return <p className="preview-unavailable">{t('previews.unavailable')}</p>;
  }
  if (result?.kind === 'image') {
    return (
      <div
        className="attachment-thumbnail"
        onClick={(event) =>
          viewer?.open(
            attachment,
            event.currentTarget
              .closest('li')
              ?.querySelector<HTMLElement>('[data-attachment-view]') ?? null,
          )
        }
      >
        <BlobImage
          blob={result.blob}
          alt={name}
          className="attachment-thumbnail-image"
          onError={() => setBroken(true)}
        />
      </div>
    );
  }
  return (
    <div
      ref={slot}
      className={`attachment-thumbnail-slot${preview.isFetching ? ' is-loading' : ''}`}
      aria-hidden="true"
    />
  );
}
