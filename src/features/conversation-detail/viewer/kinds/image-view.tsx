import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { detectRasterType } from '../../previews/image-signature';
import { bareType } from '../viewable';
import { useViewKeys, type ViewKey } from '../viewer-keys';
import { useObjectUrlSrc } from './use-object-url';
import { ViewNote } from './view-note';

const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8];

interface ImageViewProps {
  blob: Blob;
  mimeType: string;
  name: string;
}

/**
 * The Blob's type for the `<img>`: a PNG, JPEG, GIF or WebP by its leading bytes, whatever was
 * declared; otherwise the declared type (SVG, AVIF, BMP, HEIC, TIFF). SVG is only ever drawn by
 * this `<img>`, where scripts never run and nothing outside the Blob is loaded.
 */
async function imageType(blob: Blob, mimeType: string): Promise<string> {
  const head = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  return detectRasterType(head) ?? bareType(mimeType);
}

/** Types every engine draws; others (HEIC, TIFF, AVIF, BMP) are tried before an `<img>` gets them. */
const SURELY_DECODED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
]);

/**
 * Whether the browser can decode the image, asked of the Blob itself: an `<img>` given a type
 * Chromium cannot decode goes on to fetch its blob: URL as a resource (a connect-src violation).
 */
async function decodable(typed: Blob): Promise<boolean> {
  if (SURELY_DECODED.has(typed.type)) return true;
  try {
    (await createImageBitmap(typed)).close();
    return true;
  } catch {
    return false;
  }
}

function nextStep(scale: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((step) => step > scale * 1.001) ?? scale;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale * 0.999) ?? scale;
}

/**
 * An image with zoom (+ / − / fit, keys `+` `-` `0`), pan (drag, or the scroll bars) and rotate
 * (`r`). Fit: the whole image in the stage, never enlarged. Types the browser cannot decode
 * (HEIC, TIFF in most engines) say so.
 */
export function ImageView({ blob, mimeType, name }: ImageViewProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<Blob | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [broken, setBroken] = useState(false);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [rotation, setRotation] = useState(0);
  const [stage, setStage] = useState({ width: 0, height: 0 });
  const scroller = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  useEffect(() => {
    let live = true;
    void imageType(blob, mimeType).then(async (type) => {
      const candidate = new Blob([blob], { type });
      const ok = await decodable(candidate);
      if (!live) return;
      if (ok) setTyped(candidate);
      else setBroken(true);
    });
    return () => {
      live = false;
    };
  }, [blob, mimeType]);

  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setStage({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [broken]);

  const attach = useObjectUrlSrc(typed);
  const turned = rotation % 180 !== 0;
  const box = natural
    ? {
        width: turned ? natural.height : natural.width,
        height: turned ? natural.width : natural.height,
      }
    : null;
  const fitScale =
    box && stage.width > 0 && stage.height > 0
      ? Math.min(1, stage.width / box.width, stage.height / box.height)
      : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;

  const act = (key: ViewKey): boolean => {
    if (!natural) return false;
    if (key === 'zoom-in') setZoom(nextStep(scale, 1));
    else if (key === 'zoom-out') setZoom(nextStep(scale, -1));
    else if (key === 'fit') setZoom('fit');
    else setRotation((turn) => (turn + 90) % 360);
    return true;
  };
  useViewKeys(act);

  const size =
    natural && box
      ? {
          frame: { width: box.width * scale, height: box.height * scale },
          image: { width: natural.width * scale, height: natural.height * scale },
        }
      : null;

  if (broken) {
    const type = bareType(mimeType);
    return (
      <ViewNote>
        {type ? t('viewer.imageUndecodable', { type }) : t('viewer.imageUndecodableUnknown')}
      </ViewNote>
    );
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const element = scroller.current;
    if (!element || event.button !== 0) return;
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      left: element.scrollLeft,
      top: element.scrollTop,
    };
    element.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const element = scroller.current;
    if (!start || !element) return;
    element.scrollLeft = start.left - (event.clientX - start.x);
    element.scrollTop = start.top - (event.clientY - start.y);
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div className="viewer-image-view">
      <div className="viewer-toolbar" role="group" aria-label={t('viewer.imageTools')}>
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
          {t('viewer.fit')}
        </button>
        <button type="button" onClick={() => act('rotate')} aria-keyshortcuts="r">
          {t('viewer.rotate')}
        </button>
      </div>
      <div
        ref={scroller}
        className="viewer-image-scroller"
        tabIndex={0}
        role="region"
        aria-label={t('viewer.imagePan', { name })}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <div className="viewer-image-frame" style={size?.frame}>
          <img
            ref={attach}
            alt={name}
            className="viewer-image"
            style={
              size
                ? { ...size.image, transform: `translate(-50%, -50%) rotate(${rotation}deg)` }
                : undefined
            }
            draggable={false}
            onLoad={(event) =>
              setNatural({
                // An SVG without a size of its own draws at the browser's default, 300×150.
                width: event.currentTarget.naturalWidth || 300,
                height: event.currentTarget.naturalHeight || 150,
              })
            }
            onError={() => setBroken(true)}
          />
        </div>
      </div>
    </div>
  );
}
