import { useEffect, useRef } from 'react';

/**
 * Calls `load` when the returned element scrolls into view, for "Load more" that also works by
 * scrolling. Without IntersectionObserver the button alone does the job.
 */
export function useAutoLoad<T extends Element>(enabled: boolean, load: () => void) {
  const ref = useRef<T>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
