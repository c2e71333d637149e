import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { Translated } from '../../../../i18n/translated';
import { useViewKeys, type ViewKey } from '../viewer-keys';
import type { OpenedPdf, PageLink } from './pdf-engine';
import { ViewNote } from './view-note';

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];
/** Room left beside a page at "fit width" (the scroller's padding and scroll bar). */
const FIT_MARGIN = 24;

type PdfEngine = typeof import('./pdf-engine');
let engine: Promise<PdfEngine> | undefined;

/** PDF.js, loaded once, on the first PDF viewed; a failed load is tried again next time. */
function loadPdfEngine(): Promise<PdfEngine> {
  engine ??= import('./pdf-engine').catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

function nextStep(scale: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((step) => step > scale * 1.001) ?? scale;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale * 0.999) ?? scale;
}

interface PdfPageProps {
  drawPage: PdfEngine['drawPage'];
  doc: PDFDocumentProxy;
  number: number;
  scale: number;
  /** Page 1's size at scale 1: the placeholder's size until this page is known. */
  guess: { width: number; height: number };
  root: HTMLElement | null;
}

/**
 * One page: an empty box of the right size until it comes near the view, then drawn with its
 * selectable text and its links. A page far out of view lets go of its pixels.
 */
function PdfPage({ drawPage, doc, number, scale, guess, root }: PdfPageProps) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const [links, setLinks] = useState<PageLink[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => setNear(entries.some((entry) => entry.isIntersecting)),
      { root, rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near || page) return;
    let live = true;
    doc.getPage(number).then(
      (loaded) => live && setPage(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [near, page, doc, number]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const text = textRef.current;
    if (!page || !near || !canvas || !text) return;
    let live = true;
    const drawing = drawPage(page, scale, canvas, text);
    drawing.drawn.catch(() => live && setFailed(true));
    void drawing.links.then((found) => live && setLinks(found));
    return () => {
      live = false;
      drawing.cancel();
    };
  }, [drawPage, page, near, scale]);

  const size = page
    ? page.getViewport({ scale })
    : { width: guess.width * scale, height: guess.height * scale };
  // PDF.js's text layer sizes itself from these.
  const style = {
    width: size.width,
    height: size.height,
    '--scale-factor': scale,
    '--total-scale-factor': scale,
    '--user-unit': 1,
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  } as CSSProperties;

  return (
    <div
      ref={holder}
      className="pdf-page"
      data-page={number}
      style={style}
      role="group"
      aria-label={t('viewer.page', { number })}
    >
      {failed ? <p className="viewer-note">{t('viewer.pageFailed')}</p> : null}
      <canvas ref={canvasRef} className="pdf-canvas" aria-hidden="true" />
      <div ref={textRef} className="textLayer" />
      {near
        ? links.map((link, index) => (
            <a
              key={index}
              className="pdf-link"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              style={link.box}
              title={link.href}
            >
              <span className="visually-hidden">
                <Translated id="viewer.link" values={{ url: <bdi>{link.href}</bdi> }} />
              </span>
            </a>
          ))
        : null}
    </div>
  );
}

/** The pages, drawn as they scroll into view, with zoom (+ / − / fit width) and "Page x of n". */
function PdfPages({ drawPage, doc }: { drawPage: PdfEngine['drawPage']; doc: PDFDocumentProxy }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [guess, setGuess] = useState<{ width: number; height: number } | null>(null);
  const [stageWidth, setStageWidth] = useState(0);
  const [current, setCurrent] = useState(1);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const count = doc.numPages;

  useEffect(() => {
    let live = true;
    doc.getPage(1).then(
      (first) => {
        const { width, height } = first.getViewport({ scale: 1 });
        if (live) setGuess({ width, height });
      },
      // US Letter, in points: only a placeholder until each page is read.
      () => live && setGuess({ width: 612, height: 792 }),
    );
    return () => {
      live = false;
    };
  }, [doc]);

  useEffect(() => {
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setStageWidth(root.clientWidth));
    observer.observe(root);
    return () => observer.disconnect();
  }, [root]);

  const fitScale =
    guess && stageWidth > 0 ? Math.max(0.1, (stageWidth - FIT_MARGIN) / guess.width) : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;

  const act = (key: ViewKey): boolean => {
    if (key === 'zoom-in') setZoom(nextStep(scale, 1));
    else if (key === 'zoom-out') setZoom(nextStep(scale, -1));
    else if (key === 'fit') setZoom('fit');
    else return false;
    return true;
  };
  useViewKeys(act);

  const onScroll = () => {
    if (!root) return;
    const line = root.scrollTop + root.clientHeight / 3;
    let shown = 1;
    for (const element of root.querySelectorAll<HTMLElement>('[data-page]')) {
      if (element.offsetTop - root.offsetTop > line) break;
      shown = Number(element.dataset.page);
    }
    setCurrent(shown);
  };

  return (
    <div className="viewer-pdf-view">
      <div className="viewer-toolbar" role="group" aria-label={t('viewer.documentTools')}>
        <button type="button" onClick={() => act('zoom-out')} aria-keyshortcuts="-">
          {t('viewer.zoomOut')}
        </button>
        <span className="viewer-zoom">
          {t('viewer.zoom', { zoom: Math.round(scale * 100) / 100 })}
        </span>
        <button type="button" onClick={() => act('zoom-in')} aria-keyshortcuts="+">
          {t('viewer.zoomIn')}
        </button>
        <button
          type="button"
          onClick={() => act('fit')}
          aria-pressed={zoom === 'fit'}
          aria-keyshortcuts="0"
        >
          {t('viewer.fitWidth')}
        </button>
        <span className="viewer-page-count">{t('viewer.pageCount', { current, count })}</span>
      </div>
      <div
        ref={setRoot}
        className="viewer-pdf-scroller"
        tabIndex={0}
        role="region"
        aria-label={t('viewer.pages')}
        onScroll={onScroll}
      >
        {guess
          ? Array.from({ length: count }, (_, index) => (
              <PdfPage
                key={index + 1}
                drawPage={drawPage}
                doc={doc}
                number={index + 1}
                scale={scale}
                guess={guess}
                root={root}
              />
            ))
          : null}
      </div>
    </div>
  );
}

type Shown = { state: 'loading' } | { state: 'no-code' } | (OpenedPdf & { engine?: PdfEngine });

/**
 * A PDF drawn by PDF.js (pdf-engine.ts, loaded on the first PDF). Password-protected and damaged
 * files say so; Download, in the viewer's header, still saves them.
 */
export function PdfView({ blob, name }: { blob: Blob; name: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    let close: (() => void) | undefined;
    loadPdfEngine().then(
      (pdf) => {
        if (!live) return;
        const opening = pdf.openPdf(blob);
        close = opening.close;
        void opening.opened.then((opened) => live && setShown({ ...opened, engine: pdf }));
      },
      () => live && setShown({ state: 'no-code' }),
    );
    return () => {
      live = false;
      close?.();
    };
  }, [blob]);

  switch (shown.state) {
    case 'loading':
      return (
        <p role="status">
          <Translated id="viewer.opening" values={{ name: <bdi>{name}</bdi> }} />
        </p>
      );
    case 'no-code':
    case 'no-worker':
      return <ViewNote>{t('viewer.pdfUnavailable')}</ViewNote>;
    case 'locked':
      return <ViewNote>{t('viewer.pdfLocked')}</ViewNote>;
    case 'damaged':
      return <ViewNote>{t('viewer.pdfDamaged')}</ViewNote>;
    case 'ready':
      return <PdfPages drawPage={shown.engine!.drawPage} doc={shown.doc} />;
  }
}
