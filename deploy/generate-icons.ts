/**
 * The app's icons, drawn from its one drawing (deploy/icon.svg) by Chromium, the browser the
 * tests already use: `npm run icons` after the drawing changes, then commit the PNGs.
 * Deterministic for a given drawing and Chromium.
 *
 * - favicon-64.png: the tab's icon (index.html), 32 CSS pixels at 2×. A PNG, not the SVG: a page's
 *   SVG icon is a document of its own, built on the page's main thread (33–50 ms with the CPU 4×
 *   slower, in a trace of the first load, while the first rows' response waited).
 * - icon-192.png, icon-512.png: the web app manifest's (public/manifest.webmanifest), the drawing
 *   as it is ("any" purpose: shown whole).
 * - icon-maskable-512.png: for platforms that cut icons to their own shape (a circle, a squircle):
 *   the drawing's background colour fills the whole square and the drawing sits in its middle 80%,
 *   so the mask only ever takes background (the safe zone is the central circle of 80%).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const DRAWING = path.join(ROOT, 'deploy', 'icon.svg');

interface Icon {
  file: string;
  size: number;
  /** The drawing's share of the side, centred on its background colour; 1: the drawing alone. */
  scale: number;
}

const ICONS: Icon[] = [
  { file: 'favicon-64.png', size: 64, scale: 1 },
  { file: 'icon-192.png', size: 192, scale: 1 },
  { file: 'icon-512.png', size: 512, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.8 },
];

/** The drawing's background: its first rectangle's fill. */
function backgroundOf(svg: string): string {
  const fill = /<rect\b[^>]*\bfill="(#[0-9a-f]{3,8})"/i.exec(svg)?.[1];
  if (!fill) throw new Error('deploy/icon.svg has no <rect fill="#…"> to take a background from.');
  return fill;
}

async function main() {
  const svg = await readFile(DRAWING, 'utf8');
  const background = backgroundOf(svg);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    for (const icon of ICONS) {
      const dataUrl = await page.evaluate(
        async ({ svg, background, size, scale }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;base64,${btoa(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = size;
          canvas.height = size;
          const context = canvas.getContext('2d')!;
          if (scale < 1) {
            context.fillStyle = background;
            context.fillRect(0, 0, size, size);
          }
          const side = size * scale;
          context.drawImage(image, (size - side) / 2, (size - side) / 2, side, side);
          return canvas.toDataURL('image/png');
        },
        { svg, background, size: icon.size, scale: icon.scale },
      );
      const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      await writeFile(path.join(PUBLIC, icon.file), png);
      console.log(`public/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

await main();
