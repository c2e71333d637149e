import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type LaunchOptions } from '@playwright/test';
import { appStarted, expect, test } from './fixtures';

/**
 * Installable (issue 21): index.html links public/manifest.webmanifest, and Chromium, asked through
 * the DevTools protocol as its install prompt asks itself, reports the manifest as written, with
 * no parse error and no installability error. In a profile of its own: Playwright's usual contexts
 * are incognito, where Chromium installs nothing (its only error there would be "in-incognito").
 */
test('Chromium finds the app installable: its manifest, icons and no installability error', async ({
  baseURL,
}, testInfo) => {
  const profile = await mkdtemp(join(tmpdir(), 'threadline-installable-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...(testInfo.project.use.launchOptions as LaunchOptions),
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await appStarted(page);
    // The service worker is registered once the first screen is up and controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const {
      url,
      errors: manifestErrors,
      data,
      manifest,
    } = await cdp.send('Page.getAppManifest', {});
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifestErrors).toEqual([]);
    const written = JSON.parse(await readFile('public/manifest.webmanifest', 'utf8')) as unknown;
    expect(JSON.parse(data ?? '')).toEqual(written);
    expect(written).toMatchObject({ name: 'Threadline', short_name: 'Threadline' });
    // As Chromium understood it: addresses resolved against the manifest's.
    expect(manifest).toMatchObject({
      id: `${baseURL}/`,
      name: 'Threadline',
      startUrl: `${baseURL}/`,
      scope: `${baseURL}/`,
    });
    expect(manifest.display).toMatch(/standalone/i);
    expect(manifest.themeColor).toBeTruthy();
    expect(manifest.backgroundColor).toBeTruthy();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // The icons are PNGs of the sizes the manifest says, one of them maskable.
    const icons = (written as { icons: { src: string; sizes: string; purpose: string }[] }).icons;
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.icons?.map((icon) => icon.url)).toEqual(
      icons.map((icon) => `${baseURL}${icon.src}`),
    );
    const decoded = await page.evaluate(
      (sources) =>
        Promise.all(
          sources.map(async (src) => {
            const bitmap = await createImageBitmap(await (await fetch(src)).blob());
            return `${bitmap.width}x${bitmap.height}`;
          }),
        ),
      icons.map((icon) => icon.src),
    );
    expect(decoded).toEqual(icons.map((icon) => icon.sizes));
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
