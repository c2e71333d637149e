import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { MessagePage } from '../../../api/messages';
import type { Attachment } from '../../../api/schemas';
import { useSession } from '../../../lib/session-context';
import { AttachmentViewer } from './attachment-viewer';
import { viewableAttachments } from './viewable';

interface ViewerValue {
  /** Opens the viewer on this attachment; focus returns to `opener` when it closes. */
  open: (attachment: Attachment, opener: HTMLElement | null) => void;
}

const ViewerContext = createContext<ViewerValue | null>(null);

/** For View buttons and thumbnails: opens the viewer, or null outside a conversation. */
export function useAttachmentViewer(): ViewerValue | null {
  return useContext(ViewerContext);
}

interface AttachmentViewerProviderProps {
  conversationId: number;
  pages: MessagePage[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: Error | null;
  onLoadMore: () => void;
  children: ReactNode;
}

/**
 * Holds what the viewer shows (one attachment at a time) and steps through the conversation's
 * viewable attachments in message order; Next past the last loaded one loads the next message
 * page(s) until one brings a viewable attachment or none remain.
 *
 * The viewer's shell and its image, text and media views ship with the pane's lazy chunk; PDF.js
 * and the CSV parser are chunks of their own, loaded by their views. (A lazy chunk for the shell,
 * nested under the pane's, made Rolldown move React and React Query out of the first-load chunk
 * into a shared one: +1.4 KiB on the first load.)
 */
export function AttachmentViewerProvider({
  conversationId,
  pages,
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  onLoadMore,
  children,
}: AttachmentViewerProviderProps) {
  const { serviceUrl } = useSession();
  const items = useMemo(() => viewableAttachments(pages, serviceUrl), [pages, serviceUrl]);
  const [current, setCurrent] = useState<Attachment | null>(null);
  const [waitingAfter, setWaitingAfter] = useState<Attachment | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback((attachment: Attachment, element: HTMLElement | null) => {
    opener.current = element;
    setCurrent(attachment);
  }, []);
  const close = useCallback(() => {
    setCurrent(null);
    setWaitingAfter(null);
  }, []);
  const value = useMemo(() => ({ open }), [open]);

  const index = current ? items.indexOf(current) : -1;
  const shown = index >= 0 ? current : null;

  // Once the dialog has closed (focus cannot move out of an open modal dialog), focus goes back
  // to what opened it, if it is still there.
  useLayoutEffect(() => {
    if (shown) return;
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus();
  }, [shown]);

  // Waiting for a later page: move on as soon as one brings a viewable attachment (during render,
  // so the viewer never shows the old one with the new list), or stop when none will.
  if (waitingAfter) {
    const at = items.indexOf(waitingAfter);
    const next = at >= 0 ? items[at + 1] : undefined;
    if (next) {
      setWaitingAfter(null);
      setCurrent(next);
    } else if (!hasNextPage || nextPageError) {
      setWaitingAfter(null);
    }
  }
  const loadNext = waitingAfter !== null && hasNextPage && !isFetchingNextPage && !nextPageError;
  useEffect(() => {
    if (loadNext) onLoadMore();
  }, [loadNext, onLoadMore]);

  const step = useCallback(
    (delta: 1 | -1) => {
      if (!shown) return;
      const target = items[index + delta];
      if (target) {
        setWaitingAfter(null);
        setCurrent(target);
      } else if (delta === 1 && hasNextPage && nextPageError) {
        // The last try failed: try again; the next Next moves on once the page is in.
        if (!isFetchingNextPage) onLoadMore();
      } else if (delta === 1 && hasNextPage) {
        setWaitingAfter(shown);
      }
    },
    [shown, items, index, hasNextPage, nextPageError, isFetchingNextPage, onLoadMore],
  );

  return (
    <ViewerContext value={value}>
      {children}
      {shown ? (
        <AttachmentViewer
          attachment={shown}
          conversationId={conversationId}
          position={index + 1}
          count={items.length}
          more={hasNextPage}
          loadingMore={waitingAfter !== null || (isFetchingNextPage && index === items.length - 1)}
          moreFailed={nextPageError !== null && !isFetchingNextPage}
          onStep={step}
          onClose={close}
        />
      ) : null}
    </ViewerContext>
  );
}
