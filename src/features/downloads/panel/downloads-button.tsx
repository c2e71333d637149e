import { Suspense, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useDownloadManager } from '../manager/downloads-context';

interface DownloadsButtonProps {
  /**
   * The panel (panel/downloads-panel.tsx), lazy: app/ loads it with the pane's chunk, which has
   * its controls anyway; a chunk of its own would split the first load's chunks further.
   */
  panel: ComponentType<{ onClose: () => void }>;
}

/**
 * "Downloads" in the header, with the number running, opening the downloads panel. Its shortcut,
 * `d`, is declared with aria-keyshortcuts and pressed by the app's one key handler
 * (conversations/list-keys.ts). Closing the panel puts focus back on the button.
 */
export function DownloadsButton({ panel: DownloadsPanel }: DownloadsButtonProps) {
  const manager = useDownloadManager();
  const running = useSyncExternalStore(manager.subscribe, () => manager.active().length);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="downloads">
      <button
        ref={button}
        type="button"
        className="button-quiet downloads-button"
        aria-expanded={open}
        aria-controls={open ? 'downloads-panel' : undefined}
        aria-keyshortcuts="d"
        aria-label={running > 0 ? `Downloads, ${running} running` : 'Downloads'}
        onClick={() => setOpen((was) => !was)}
      >
        Downloads
        {running > 0 ? <span className="downloads-count">{running}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DownloadsPanel onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
