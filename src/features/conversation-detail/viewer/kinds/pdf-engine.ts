/**
 * Everything that touches PDF.js, in a chunk of its own that loads only when a PDF is viewed
 * (pdf-view.tsx imports it on demand). The document's scripts never run: the scripting build and
 * its sandbox are never loaded, no annotation, form or XFA layer is drawn, `isEvalSupported` is
 * off, and links are only the ones `safeLinkTarget` allows.
 */
import {
  AnnotationType,
  getDocument,
  PDFWorker,
  RenderingCancelledException,
  TextLayer,
  VerbosityLevel,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist';
import { createPdfWorker } from '../../../../lib/pdf-worker-policy';

/** Links only ever go to these, in a new tab without a way back to the app (noopener). */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export type OpenedPdf =
  | { state: 'ready'; doc: PDFDocumentProxy }
  | { state: 'locked' }
  | { state: 'damaged' }
  /** The worker did not start (its script refused or missing): no answer would ever come. */
  | { state: 'no-worker' };

export interface OpeningPdf {
  opened: Promise<OpenedPdf>;
  /** Ends the document and its worker (the viewer moved on or closed). */
  close: () => void;
}

function isNamed(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}

/**
 * Opens a PDF in a worker of its own, created from our origin through the
 * `threadline-pdf-worker` Trusted Types policy and ended with the document. A password-protected
 * file is 'locked' (no password is asked for), anything PDF.js cannot read is 'damaged'.
 */
export function openPdf(blob: Blob): OpeningPdf {
  const worker = createPdfWorker();
  const pdfWorker = new PDFWorker({ port: worker as never, verbosity: VerbosityLevel.ERRORS });
  let task: PDFDocumentLoadingTask | null = null;
  let closed = false;
  const failed = new Promise<OpenedPdf>((resolve) =>
    worker.addEventListener('error', () => resolve({ state: 'no-worker' }), { once: true }),
  );
  const reading = blob.arrayBuffer().then(async (buffer): Promise<OpenedPdf> => {
    if (closed) return { state: 'damaged' };
    task = getDocument({
      data: new Uint8Array(buffer),
      worker: pdfWorker,
      isEvalSupported: false,
      enableXfa: false,
      verbosity: VerbosityLevel.ERRORS,
    });
    try {
      const doc = await task.promise;
      return doc.numPages > 0 ? { state: 'ready', doc } : { state: 'damaged' };
    } catch (error) {
      return { state: isNamed(error, 'PasswordException') ? 'locked' : 'damaged' };
    }
  });
  const opened = Promise.race([reading, failed]);
  const close = () => {
    closed = true;
    const ending = task ? task.destroy() : Promise.resolve();
    void ending.finally(() => {
      pdfWorker.destroy();
      worker.terminate();
    });
  };
  return { opened, close };
}

/** A link annotation's target, if it is one the viewer lets the agent follow. */
export function safeLinkTarget(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface PageLink {
  href: string;
  box: { left: number; top: number; width: number; height: number };
}

export interface PageDrawing {
  /** Rejects only when the page could not be drawn (not when cancelled). */
  drawn: Promise<void>;
  links: Promise<PageLink[]>;
  cancel: () => void;
}

/**
 * Draws a page on `canvas` at `scale` (sharp on high-density screens) and lays PDF.js's text
 * layer into `text` (transparent, selectable text over the picture); also reads the page's
 * links. `cancel` stops it and lets go of the canvas's pixels.
 */
export function drawPage(
  page: PDFPageProxy,
  scale: number,
  canvas: HTMLCanvasElement,
  text: HTMLElement,
): PageDrawing {
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  const render = page.render({
    canvas,
    viewport,
    transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
  });
  const drawn = render.promise.catch((error: unknown) => {
    if (!(error instanceof RenderingCancelledException)) throw error;
  });
  text.replaceChildren();
  const textLayer = new TextLayer({
    textContentSource: page.streamTextContent(),
    container: text,
    viewport,
  });
  textLayer.render().catch(() => undefined);
  const links = page
    .getAnnotations({ intent: 'display' })
    .then((annotations: { annotationType: number; url?: unknown; rect: number[] }[]) =>
      annotations.flatMap((annotation): PageLink[] => {
        if (annotation.annotationType !== AnnotationType.LINK) return [];
        const href = safeLinkTarget(annotation.url);
        if (!href) return [];
        const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = viewport.convertToViewportRectangle(
          annotation.rect,
        ) as number[];
        const box = {
          left: Math.min(x1, x2),
          top: Math.min(y1, y2),
          width: Math.abs(x2 - x1),
          height: Math.abs(y2 - y1),
        };
        return [{ href, box }];
      }),
    )
    .catch(() => []);
  return {
    drawn,
    links,
    cancel: () => {
      render.cancel();
      textLayer.cancel();
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
