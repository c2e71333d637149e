import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Attachment } from '../../../api/schemas';
import { useSession } from '../../../lib/session-context';
import { BlobImage } from './blob-image';
import { useImageGallery } from './image-gallery';
import { previewQueryOptions } from './preview-query';
import { useInView } from './use-in-view';

interface AttachmentThumbnailProps {
  /** Already checked: an allow-listed raster type on the service's origin (see previewable.ts). */
  attachment: Attachment;
  name: string;
}

/**
 * A thumbnail for a PNG, JPEG, GIF or WebP attachment. Nothing is requested until its slot
 * scrolls into view; then the image is fetched with the token (at most 10 MB) and shown from a
 * Blob. Too large or not loadable: nothing, just the attachment row. Not decodable: "Preview
 * unavailable". A click opens the large view.
 */
export function AttachmentThumbnail({ attachment, name }: AttachmentThumbnailProps) {
  const session = useSession();
  const gallery = useImageGallery();
  const [slot, inView] = useInView<HTMLDivElement>();
  const preview = useQuery({ ...previewQueryOptions(session, attachment.url), enabled: inView });
  const [broken, setBroken] = useState(false);
  const result = preview.data;

  if (preview.isError || result?.kind === 'too-large') return null;
  if (result?.kind === 'unreadable' || broken) {
    return <p className="preview-unavailable">Preview unavailable</p>;
  }
  if (result?.kind === 'image') {
    return (
      <button
        type="button"
        className="attachment-thumbnail"
        onClick={(event) => gallery?.open(attachment, event.currentTarget)}
      >
        <span className="visually-hidden">View </span>
        <BlobImage
          blob={result.blob}
          alt={name}
          className="attachment-thumbnail-image"
          onError={() => setBroken(true)}
        />
      </button>
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
