import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  state?: unknown;
};

/**
 * A link within the app: a real `<a href>` (Ctrl+click, middle-click and "Copy link address" work
 * as on any page) that navigates without a reload. React Router's `Link` does the same and also
 * carries its framework mode's route prefetching, which this app has no use for; with `Link`
 * unused, the build leaves that code out (vite.config.ts): about 4 KiB of gzip in the first load.
 */
export function AppLink({ to, state, onClick, target, ...rest }: AppLinkProps) {
  const href = useHref(to);
  const navigateInApp = useLinkClickHandler(to, { state, target });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigateInApp(event);
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
