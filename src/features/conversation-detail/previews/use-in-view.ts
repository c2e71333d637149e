import { useCallback, useState, type RefCallback } from 'react';

/**
 * True once the element has scrolled into view (and from then on). Without IntersectionObserver
 * it stays false: nothing is loaded eagerly in its place.
 */
export function useInView<T extends Element>(): [RefCallback<T>, boolean] {
  const [inView, setInView] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || inView || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setInView(true);
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [inView],
  );
  return [ref, inView];
}
