import { useCallback } from 'react';

interface BlobImageProps {
  /** Always a preview Blob typed image/png, image/jpeg, image/gif or image/webp. */
  blob: Blob;
  alt: string;
  className: string;
  onError: () => void;
}

/**
 * An `<img>` showing a Blob through an object URL that lives exactly as long as this element:
 * created when it mounts, revoked when it unmounts (or the Blob changes).
 */
export function BlobImage({ blob, alt, className, onError }: BlobImageProps) {
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const objectUrl = URL.createObjectURL(blob);
      image.src = objectUrl;
      return () => URL.revokeObjectURL(objectUrl);
    },
    [blob],
  );
  return (
    <img
      ref={attach}
      alt={alt}
      className={className}
      onError={onError}
      decoding="async"
      draggable={false}
    />
  );
}
