import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Attachment } from '../../../api/schemas';
import { ImageViewer } from './image-viewer';

interface ImageGalleryValue {
  /** Opens the large view on this image; focus returns to `opener` when it closes. */
  open: (image: Attachment, opener: HTMLElement) => void;
}

const GalleryContext = createContext<ImageGalleryValue | null>(null);

/** For thumbnails: opens the large view, or null outside a gallery. */
export function useImageGallery(): ImageGalleryValue | null {
  return useContext(GalleryContext);
}

/** Holds the conversation's images and the large view (one at a time). */
export function ImageGallery({ images, children }: { images: Attachment[]; children: ReactNode }) {
  const [current, setCurrent] = useState<Attachment | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback((image: Attachment, element: HTMLElement) => {
    opener.current = element;
    setCurrent(image);
  }, []);
  const close = useCallback(() => {
    setCurrent(null);
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus();
  }, []);
  const value = useMemo(() => ({ open }), [open]);
  const shown = current !== null && images.includes(current) ? current : null;

  return (
    <GalleryContext value={value}>
      {children}
      {shown ? (
        <ImageViewer images={images} current={shown} onNavigate={setCurrent} onClose={close} />
      ) : null}
    </GalleryContext>
  );
}
