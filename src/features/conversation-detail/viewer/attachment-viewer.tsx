import './attachment-viewer.css';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
} from 'react';
import type { Attachment } from '../../../api/schemas';
import { useAttachmentActions } from '../../../lib/attachment-actions';
import { shownFileName } from '../../../lib/attachment-target';
import { formatBytes } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import { ErrorAlert } from '../../../ui/error-alert';
import { ImageView } from './kinds/image-view';
import { MediaView } from './kinds/media-view';
import { PdfView } from './kinds/pdf-view';
import { TextView } from './kinds/text-view';
import { ViewNote } from './kinds/view-note';
import { Translated } from '../../../i18n/translated';
import { KindBoundary } from './kind-boundary';
import { viewKindOf, type ViewKind } from './viewable';
import { useLoadProgress } from './load-progress';
import { useViewedFile } from './viewer-query';
import { VIEW_MAX_BYTES } from './viewer-limits';
import { ViewerKeysContext, viewKeyOf, type ViewKey } from './viewer-keys';

/**
 * The list's keys that still act from the viewer: the list ignores keys pressed inside a dialog,
 * so the viewer hands these on as if pressed with nothing focused. j/k move the list's selection,
 * o/Enter open it (which closes this viewer with its pane), ? shows the shortcuts.
 */
const LIST_KEYS = new Set(['j', 'k', 'o', '?']);

/** What the viewer reads of a key press, from React's event or the window's. */
type PressedKey = Pick<globalThis.KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'> & {
  target: EventTarget | null;
};

function handOnToList(event: PressedKey): boolean {
  const target = event.target as Element;
  const enterOnText = event.key === 'Enter' && !target.closest('a,button,input,summary,[role]');
  if (!LIST_KEYS.has(event.key) && !enterOnText) return false;
  const key = enterOnText ? 'o' : event.key;
  document.body.dispatchEvent(
    new globalThis.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
  );
  return true;
}

interface AttachmentViewerProps {
  attachment: Attachment;
  conversationId: number;
  /** 1-based place among the conversation's viewable attachments loaded so far. */
  position: number;
  count: number;
  /** More message pages remain (Next may load them). */
  more: boolean;
  /** Next is loading the following message page. */
  loadingMore: boolean;
  /** The following message page could not be loaded (Next tries again). */
  moreFailed: boolean;
  onStep: (delta: 1 | -1) => void;
  onClose: () => void;
}

function KindView({
  kind,
  attachment,
  blob,
  name,
}: {
  kind: ViewKind;
  attachment: Attachment;
  blob: Blob;
  name: string;
}) {
  switch (kind) {
    case 'pdf':
      return <PdfView blob={blob} name={name} />;
    case 'image':
      return <ImageView blob={blob} mimeType={attachment.mimeType} name={name} />;
    case 'audio':
    case 'video':
      return <MediaView kind={kind} blob={blob} mimeType={attachment.mimeType} name={name} />;
    case 'text':
    case 'csv':
      return <TextView blob={blob} csv={kind === 'csv'} name={name} />;
  }
}

/** "Loading {name}…", with how much has arrived once there is something to say. */
function Loading({ url, name }: { url: string; name: string }) {
  useTranslation();
  const progress = useLoadProgress(url);
  const file = <bdi>{name}</bdi>;
  return (
    <p role="status">
      {!progress ? (
        <Translated id="viewer.loading" values={{ name: file }} />
      ) : progress.total === undefined ? (
        <Translated
          id="viewer.loadingReceived"
          values={{ name: file, received: formatBytes(progress.received) }}
        />
      ) : (
        <Translated
          id="viewer.loadingProgress"
          values={{
            name: file,
            received: formatBytes(progress.received),
            total: formatBytes(progress.total),
          }}
        />
      )}
    </p>
  );
}

/** The file itself: loading, too large, an error with Retry, or the kind's view. */
function ViewerStage({ attachment, name }: { attachment: Attachment; name: string }) {
  const { t } = useTranslation();
  const file = useViewedFile(attachment);
  const kind = viewKindOf(attachment);
  if (file.isPending) return <Loading url={attachment.url} name={name} />;
  if (file.isError) {
    return (
      <ErrorAlert
        title={t('viewer.loadFailed')}
        error={file.error}
        onRetry={() => void file.refetch()}
      />
    );
  }
  if (file.data.kind === 'too-large') {
    const { size } = file.data;
    const limit = formatBytes(VIEW_MAX_BYTES);
    return (
      <ViewNote>
        {size === undefined
          ? t('viewer.tooLarge', { limit })
          : t('viewer.tooLargeSized', { size: formatBytes(size), limit })}
      </ViewNote>
    );
  }
  if (!kind) return <ViewNote>{t('viewer.typeNotShown')}</ViewNote>;
  return (
    <KindBoundary>
      <KindView kind={kind} attachment={attachment} blob={file.data.blob} name={name} />
    </KindBoundary>
  );
}

/**
 * The declared type (the service's text, kept left-to-right) and the size as far as it is known:
 * the file read, or the declared length of one too large.
 */
function FileFacts({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const file = useViewedFile(attachment);
  const size =
    file.data?.kind === 'file'
      ? file.data.blob.size
      : file.data?.kind === 'too-large'
        ? file.data.size
        : undefined;
  const type = attachment.mimeType ? <bdi>{attachment.mimeType}</bdi> : t('pane.unknownType');
  if (size === undefined) return type;
  return <Translated id="viewer.typeAndSize" values={{ type, size: formatBytes(size) }} />;
}

/**
 * The viewer: a modal `<dialog>` (showModal: focus stays inside, the page behind is inert),
 * labelled by the file name, with its type and size, Download (the downloads feature's control,
 * through the pane's slot), Close, and Previous/Next (←/→) across the conversation's viewable
 * attachments. Esc closes it and focus goes back to what opened it. The list's j/k/o/Enter/? still
 * act (handOnToList): opening another conversation closes the viewer with the pane.
 */
export function AttachmentViewer({
  attachment,
  conversationId,
  position,
  count,
  more,
  loadingMore,
  moreFailed,
  onStep,
  onClose,
}: AttachmentViewerProps) {
  const { t, language } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const name = shownFileName(attachment);
  const { Attachment: AttachmentActions } = useAttachmentActions();
  const keyHandler = useRef<((key: ViewKey) => boolean) | null>(null);
  const registerKeys = useCallback((handler: ((key: ViewKey) => boolean) | null) => {
    keyHandler.current = handler;
  }, []);

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    dialog.showModal();
    headingRef.current?.focus();
    return () => dialog.close();
  }, []);

  const hasPrevious = position > 1;
  const hasNext = position < count || more;
  // The arrows are spatial: Previous sits at the start, on the right in a right-to-left language,
  // so there → goes back and ← goes on.
  const rtl = language.dir === 'rtl';
  const previousKey = rtl ? 'ArrowRight' : 'ArrowLeft';
  const nextKey = rtl ? 'ArrowLeft' : 'ArrowRight';

  /** The viewer's keys; true when the key was its (the page must not act on it too). */
  const viewerKey = (event: PressedKey): boolean => {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const target = event.target as Element;
    if (event.key === 'Escape') {
      onClose();
      return true;
    }
    // Media controls and fields keep their own arrow and character keys.
    if (target.closest('audio,video,input,select,textarea')) return false;
    if (handOnToList(event)) return true;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      onStep(event.key === previousKey ? -1 : 1);
      return true;
    }
    const viewKey = viewKeyOf(event.key);
    return !!viewKey && !!keyHandler.current?.(viewKey);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (!viewerKey(event)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  // A focused control that goes away (Download while its download runs, the CSV's Text button
  // when Next moves on) leaves focus on the page's body, outside the dialog: a key pressed then
  // is still the viewer's, not the list's (whose Esc would close the pane), and focus goes back
  // to the heading. The list's own keys, and those handOnToList passes on, reach the list.
  const onStrayKey = useEffectEvent((event: globalThis.KeyboardEvent) => {
    const { target } = event;
    if (target !== document.body && target !== document.documentElement) return;
    if (!event.isTrusted || LIST_KEYS.has(event.key) || event.key === 'Enter') return;
    headingRef.current?.focus();
    if (!viewerKey(event)) return;
    event.preventDefault();
    event.stopPropagation();
  });
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onStrayKey(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="attachment-viewer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <header className="viewer-header">
        <div className="viewer-title">
          <h2 id={titleId} ref={headingRef} tabIndex={-1} dir="auto">
            {name}
          </h2>
          <p className="viewer-facts">
            <FileFacts attachment={attachment} />
          </p>
        </div>
        <div className="viewer-actions">
          <AttachmentActions attachment={attachment} conversationId={conversationId} />
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('pane.close')}
          </button>
        </div>
      </header>
      <div className="viewer-stage">
        <ViewerKeysContext value={registerKeys}>
          <ViewerStage key={attachment.url} attachment={attachment} name={name} />
        </ViewerKeysContext>
      </div>
      <nav className="viewer-nav" aria-label={t('pane.attachments')}>
        <button
          type="button"
          aria-disabled={!hasPrevious}
          aria-keyshortcuts={previousKey}
          onClick={() => onStep(-1)}
        >
          {t('viewer.previous')}
        </button>
        <span className="viewer-position" aria-live="polite">
          {loadingMore
            ? t('pane.loadingMoreMessages')
            : moreFailed && position === count
              ? t('viewer.moreFailed')
              : t(more ? 'viewer.positionMore' : 'viewer.position', { position, count })}
        </span>
        <button
          type="button"
          aria-disabled={!hasNext}
          aria-keyshortcuts={nextKey}
          onClick={() => onStep(1)}
        >
          {t('viewer.next')}
        </button>
      </nav>
    </dialog>
  );
}
