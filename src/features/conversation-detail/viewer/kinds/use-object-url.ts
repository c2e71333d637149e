import { useCallback } from 'react';

/**
 * A ref callback that points an element's `src` at an object URL for `blob`, living exactly as
 * long as the element: revoked when it unmounts or the Blob changes. A media element is also
 * emptied, so the browser lets go of its decoded data at once.
 */
export function useObjectUrlSrc(blob: Blob | null) {
  return useCallback(
    (element: HTMLImageElement | HTMLMediaElement | null) => {
      if (!element || !blob) return;
      const url = URL.createObjectURL(blob);
      element.src = url;
      return () => {
        URL.revokeObjectURL(url);
        if (element instanceof HTMLMediaElement) {
          element.removeAttribute('src');
          element.load();
        }
      };
    },
    [blob],
  );
}
