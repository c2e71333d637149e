import type { ReactNode } from 'react';

/** Why the file is not shown (or only in part); Download, in the viewer's header, still saves it. */
export function ViewNote({ children }: { children: ReactNode }) {
  return <p className="viewer-note">{children}</p>;
}
