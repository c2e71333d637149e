/** Drawn at this size (CSS pixels × 2): sharp on a high-density tab strip. */
const SIZE = 64;
const BADGE_HEIGHT = 38;
const BADGE_COLOUR = '#c5221f';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`The favicon ${src} could not be drawn.`));
    image.src = src;
  });
}

/** The favicon with `count` on a red badge in its top right corner, as a PNG data URL. */
function drawCount(icon: HTMLImageElement, count: number): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(icon, 0, 0, SIZE, SIZE);
  const text = count > 99 ? '99+' : String(count);
  context.font = `bold ${BADGE_HEIGHT - 10}px system-ui, sans-serif`;
  const width = Math.min(SIZE, Math.max(BADGE_HEIGHT, context.measureText(text).width + 14));
  const left = SIZE - width;
  // A white edge keeps the badge apart from the icon beneath it.
  context.fillStyle = '#ffffff';
  context.beginPath();
  context.roundRect(left - 2, -2, width + 4, BADGE_HEIGHT + 4, (BADGE_HEIGHT + 4) / 2);
  context.fill();
  context.fillStyle = BADGE_COLOUR;
  context.beginPath();
  context.roundRect(left, 0, width, BADGE_HEIGHT, BADGE_HEIGHT / 2);
  context.fill();
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, left + width / 2, BADGE_HEIGHT / 2 + 1);
  return canvas.toDataURL('image/png');
}

/**
 * The tab's favicon, with a count drawn on it: `show(n)` draws `n` on the page's own icon (a
 * canvas turned into a data: image, which index.html's `img-src` already allows), `show(0)` puts
 * the page's icon back. Without a canvas or an icon it does nothing.
 */
export function faviconCount(link: HTMLLinkElement | null): (count: number) => void {
  if (!link) return () => undefined;
  const own = { href: link.getAttribute('href') ?? '', type: link.getAttribute('type') };
  let icon: Promise<HTMLImageElement> | undefined;
  let shown = 0;
  return (count) => {
    if (count === shown) return;
    shown = count;
    if (count === 0) {
      link.setAttribute('href', own.href);
      if (own.type === null) link.removeAttribute('type');
      else link.setAttribute('type', own.type);
      return;
    }
    icon ??= loadImage(own.href);
    icon.then(
      (image) => {
        // Only the latest count is drawn (the icon may have taken a while to load).
        if (shown !== count) return;
        const url = drawCount(image, count);
        if (!url) return;
        link.setAttribute('type', 'image/png');
        link.setAttribute('href', url);
      },
      () => undefined,
    );
  };
}
