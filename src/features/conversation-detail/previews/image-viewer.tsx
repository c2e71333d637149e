import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Attachment } from '../../../api/schemas';
import { useSession } from '../../../lib/session-context';
import { BlobImage } from './blob-image';
import { shownFileName } from '../../../lib/attachment-target';
import { previewQueryOptions } from './preview-query';

/** The large view's picture: from the same cached preview as the thumbnail, fetched if needed. */
function ViewerImage({ image, name }: { image: Attachment; name: string }) {
  const session = useSession();
  const preview = useQuery(previewQueryOptions(session, image.url));
  const [broken, setBroken] = useState(false);
  if (preview.isPending) {
    return (
      <p role="status" className="image-viewer-note">
        Loading preview…
      </p>
    );
  }
  if (preview.data?.kind === 'too-large') {
    return (
      <p className="image-viewer-note">
        No preview: this image is larger than 10 MB. Its Download button saves it.
      </p>
    );
  }
  if (preview.data?.kind !== 'image' || broken) {
    return <p className="image-viewer-note">Preview unavailable</p>;
  }
  return (
    <BlobImage
      blob={preview.data.blob}
      alt={name}
      className="image-viewer-image"
      onError={() => setBroken(true)}
    />
  );
}

interface ImageViewerProps {
  images: Attachment[];
  current: Attachment;
  onNavigate: (image: Attachment) => void;
  /** Called once the dialog has closed (Close, Esc). */
  onClose: () => void;
}

/**
 * The larger view: a modal `<dialog>` (showModal: focus stays inside, the rest of the page is
 * inert), labelled by the file name. ←/→ and the Previous/Next buttons step through the
 * conversation's images (wrapping round); Close and Esc close it.
 */
export function ImageViewer({ images, current, onNavigate, onClose }: ImageViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const index = Math.max(0, images.indexOf(current));
  const count = images.length;
  const name = shownFileName(current);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const step = (delta: number) => {
    const next = images[(index + delta + count) % count];
    if (next) onNavigate(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // The dialog closes itself; the page's own Esc (close the pane) must not act too.
      event.stopPropagation();
      return;
    }
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.altKey || event.ctrlKey || event.metaKey || count < 2) return;
    event.preventDefault();
    event.stopPropagation();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  };

  return (
    <dialog
      ref={dialog}
      className="image-viewer"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <div className="image-viewer-header">
        <h2 id={titleId} className="image-viewer-title">
          {name}
        </h2>
        {count > 1 ? (
          <span className="image-viewer-count">
            {index + 1} of {count}
          </span>
        ) : null}
        <button type="button" className="button-quiet" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className="image-viewer-stage">
        <ViewerImage key={`${index}-${current.url}`} image={current} name={name} />
      </div>
      {count > 1 ? (
        <div className="image-viewer-nav">
          <button type="button" onClick={() => step(-1)}>
            Previous image
          </button>
          <button type="button" onClick={() => step(1)}>
            Next image
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
