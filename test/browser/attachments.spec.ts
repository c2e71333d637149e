import { readFile, stat } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { revealHiddenCharacters, toSafeFileName } from '../../src/lib/safe-file-name';
import { SCRIPT_MARKER, type RunningServiceDouble } from '../../service-double/index';
import {
  expectedSha256,
  failingNthGet,
  foreignServer,
  quietConversationId,
  registeredWorkers,
  savedSha256,
  throttled,
} from './download-helpers';
import { BROWSER_TOKEN, expect, openConversation, test, EVERY_ENGINE } from './fixtures';

const MB = 1024 * 1024;

/** GETs of attachments (CORS preflights carry no token by design). */
function attachmentRequests(service: RunningServiceDouble) {
  return service.state.requests.filter(
    (entry) => entry.method === 'GET' && entry.path.startsWith('/attachments/'),
  );
}

/** One attachment's entry (its Download button gives way to progress while downloading). */
function item(pane: ReturnType<Page['getByRole']>, fileName: string) {
  return pane
    .getByRole('list', { name: 'Attachments' })
    .getByRole('listitem')
    .filter({ hasText: fileName });
}

async function download(page: Page, pane: ReturnType<Page['getByRole']>, fileName: string) {
  const started = page.waitForEvent('download');
  await pane.getByRole('button', { name: `Download ${fileName}`, exact: true }).click();
  return started;
}

test.describe('attachment downloads', () => {
  test(
    "a file over 50 MB is the browser's own download: a probe, then the worker's request, byte for byte",
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const id = quietConversationId(service);
      const size = 60 * MB + 123;
      const spec = service.state.addAttachment(id, {
        fileName: 'big-export.bin',
        mimeType: 'application/octet-stream',
        size,
      });
      const urls: string[] = [];
      page.context().on('request', (request) => urls.push(request.url()));
      const pane = await openConversation(page, service, id);
      // The worker active first, as after an agent's first seconds in the app: a download clicked
      // while it registers keeps the probe's response open meanwhile, and Firefox buffers ~40 MB of
      // it on loopback (the figure below is about the probe being dropped promptly).
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      const saved = await download(page, pane, 'big-export.bin');
      expect(saved.suggestedFilename()).toBe('big-export.bin');
      await expect(item(pane, 'big-export.bin').getByRole('status')).toHaveText(
        "Downloading in your browser's downloads; its progress and Cancel are there.",
      );
      expect(await savedSha256(saved)).toBe(expectedSha256(spec.seed, size));

      // Registered (once the first screen is up, or by the download if that comes first), and it
      // controls the page.
      expect(await registeredWorkers(page)).toEqual([new URL('/download-sw.js', page.url()).href]);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      // Two GETs, both with the token: the page's probe, dropped after its headers, and the
      // worker's, written to the end.
      const requests = attachmentRequests(service);
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatchObject({
        authorizationValid: true,
        status: 200,
        completed: false,
      });
      // Dropped, not read to the end: what the network stack buffered meanwhile varies by engine
      // (Chromium well under 20 MB, Firefox ~21 MB on loopback while the worker registers).
      expect(requests[0]!.bytesSent).toBeLessThan(size / 2);
      expect(requests[1]).toMatchObject({
        authorizationValid: true,
        status: 200,
        completed: true,
        bytesSent: size,
      });
      // The token is in no URL: not the service's, not the download's, not any the page made.
      for (const entry of service.state.requests) {
        expect(`${entry.path}?${entry.query}`).not.toContain(BROWSER_TOKEN);
      }
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((url) => url.includes(BROWSER_TOKEN))).toEqual([]);
    },
  );

  test(
    'a small multi-megabyte file is saved from a Blob, byte for byte, without the worker',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const id = quietConversationId(service);
      const size = 3 * MB + 7;
      const spec = service.state.addAttachment(id, {
        fileName: 'logs.bin',
        mimeType: 'application/octet-stream',
        size,
      });
      const pane = await openConversation(page, service, id);
      const saved = await download(page, pane, 'logs.bin');
      expect(saved.suggestedFilename()).toBe('logs.bin');
      expect(await savedSha256(saved)).toBe(expectedSha256(spec.seed, size));
      await expect(item(pane, 'logs.bin').getByRole('status')).toHaveText(
        'Saved to your downloads (3 MB).',
      );
      const requests = attachmentRequests(service);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ authorizationValid: true, status: 200 });
    },
  );

  test(
    'a file up to 50 MB keeps its progress and Cancel in the page; Cancel stops the transfer',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const slow = await throttled(service, 4 * MB);
      try {
        const id = quietConversationId(service);
        service.state.addAttachment(id, {
          fileName: 'recording.bin',
          mimeType: 'application/octet-stream',
          size: 45 * MB,
        });
        const pane = await openConversation(page, slow, id);
        const row = item(pane, 'recording.bin');
        let downloads = 0;
        page.on('download', () => downloads++);
        await pane.getByRole('button', { name: 'Download recording.bin', exact: true }).click();
        const progress = row.getByRole('progressbar', { name: 'Downloading recording.bin' });
        await expect(progress).toHaveAttribute('aria-valuemax', '100');
        await expect
          .poll(async () => Number(await progress.getAttribute('aria-valuenow')), {
            timeout: 20_000,
          })
          .toBeGreaterThan(0);
        await expect(row).toContainText('45 MB');

        await row.getByRole('button', { name: 'Cancel' }).click();
        await expect(row.getByRole('status')).toHaveText('Download cancelled. Nothing was saved.');
        await expect(progress).toHaveCount(0);
        // The double stops sending: its one transfer was dropped, and its byte count no longer moves.
        expect(attachmentRequests(service)).toHaveLength(1);
        await expect.poll(() => service.state.stats.aborted).toBe(1);
        const sent = service.state.stats.bytesSent;
        await page.waitForTimeout(1000);
        expect(service.state.stats.bytesSent).toBe(sent);
        expect(sent).toBeLessThan(40 * MB);
        expect(downloads).toBe(0);
      } finally {
        await slow.close();
      }
    },
  );

  test(
    "a 503 with Retry-After on the worker's own request is retried after it with a new ticket; the file arrives whole",
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const id = quietConversationId(service);
      const size = 60 * MB + 7;
      const spec = service.state.addAttachment(id, {
        fileName: 'retried.bin',
        mimeType: 'application/octet-stream',
        size,
      });
      const path = new URL(`${service.url}/attachments/${encodeURIComponent(spec.docId)}/data`)
        .pathname;
      // GET 1 is the page's probe, GET 2 the worker's: that one gets the 503.
      const flaky = await failingNthGet(service, {
        path,
        nth: 2,
        status: 503,
        retryAfterSeconds: 1,
      });
      try {
        const pane = await openConversation(page, flaky, id);
        const saved = await download(page, pane, 'retried.bin');
        await expect(item(pane, 'retried.bin').getByRole('status')).toHaveText(
          "Downloading in your browser's downloads; its progress and Cancel are there.",
        );
        expect(await savedSha256(saved)).toBe(expectedSha256(spec.seed, size));
        expect(flaky.arrivals).toHaveLength(3);
        // Asked again only once Retry-After had passed.
        expect(flaky.arrivals[2]! - flaky.arrivals[1]!).toBeGreaterThanOrEqual(1000);
        const requests = attachmentRequests(service);
        expect(requests.every((entry) => entry.authorizationValid)).toBe(true);
        expect(requests.at(-1)).toMatchObject({ completed: true, bytesSent: size });
      } finally {
        await flaky.close();
      }
    },
  );

  test("a large file cancelled in the browser's downloads stops the transfer; nothing is saved", async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 4 * MB);
    try {
      const id = quietConversationId(service);
      service.state.addAttachment(id, {
        fileName: 'recording.bin',
        mimeType: 'application/octet-stream',
        size: 200 * MB,
      });
      const pane = await openConversation(page, slow, id);
      const saved = await download(page, pane, 'recording.bin');
      await expect(item(pane, 'recording.bin').getByRole('status')).toContainText(
        "Downloading in your browser's downloads",
      );
      await expect.poll(() => attachmentRequests(service)[1]?.bytesSent ?? 0).toBeGreaterThan(MB);
      await saved.cancel();
      expect(await saved.failure()).toBe('canceled');
      // The worker's request is dropped and the double stops sending.
      await expect.poll(() => service.state.stats.aborted).toBe(2);
      const sent = service.state.stats.bytesSent;
      await page.waitForTimeout(1000);
      expect(service.state.stats.bytesSent).toBe(sent);
      expect(attachmentRequests(service)[1]).toMatchObject({ completed: false });
    } finally {
      await slow.close();
    }
  });

  // The worker returns the service's answer untouched when its Content-Disposition already names
  // the safe name, else the same body under its own headers: both must outlive the page.
  for (const fileName of ['survivor.bin', 'old/survivor.bin']) {
    test(
      `a large download goes on when the page reloads: it is the browser's (${fileName})`,
      { tag: EVERY_ENGINE },
      async ({ page, service }) => {
        const slow = await throttled(service, 20 * MB);
        try {
          const id = quietConversationId(service);
          const size = 70 * MB + 5;
          const spec = service.state.addAttachment(id, {
            fileName,
            mimeType: 'application/octet-stream',
            size,
          });
          const pane = await openConversation(page, slow, id);
          const saved = await download(page, pane, fileName);
          expect(saved.suggestedFilename()).toBe(toSafeFileName(fileName, ''));
          await expect
            .poll(() => attachmentRequests(service)[1]?.bytesSent ?? 0)
            .toBeGreaterThan(MB);
          await page.reload();
          await expect(
            page.getByRole('complementary', { name: `Conversation #${id}` }),
          ).toBeVisible();
          expect(attachmentRequests(service)[1]).toMatchObject({ completed: false });
          expect(await savedSha256(saved)).toBe(expectedSha256(spec.seed, size));
          expect(attachmentRequests(service)[1]).toMatchObject({
            completed: true,
            bytesSent: size,
          });
        } finally {
          await slow.close();
        }
      },
    );
  }

  test(
    'a ticket is used once, expires unused, and only http(s) urls are accepted',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const id = quietConversationId(service);
      const size = 51 * MB;
      const spec = service.state.addAttachment(id, {
        fileName: 'once.bin',
        mimeType: 'application/octet-stream',
        size,
      });
      const pane = await openConversation(page, service, id);
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { frames_: string[] }).frames_ = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof HTMLIFrameElement) seen.push(node.getAttribute('src') ?? '');
            }
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      const saved = await download(page, pane, 'once.bin');
      expect(await saved.failure()).toBeNull();
      const [src] = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
      expect(src).toMatch(/^\/__threadline\/download\/[0-9a-f]{32}$/);
      const before = attachmentRequests(service).length;
      let downloads = 0;
      page.on('download', () => downloads++);

      /** Navigates a fresh iframe to `path`; the worker's empty page leaves it blank. */
      const navigate = (path: string) =>
        page.evaluate(async (target) => {
          const frame = document.createElement('iframe');
          frame.src = target;
          document.body.append(frame);
          const answer = await fetch(target);
          return { status: answer.status, body: await answer.text() };
        }, path);

      // Used once: the same id again starts nothing and requests nothing.
      expect(await navigate(src!)).toEqual({ status: 200, body: '' });
      await page.waitForTimeout(500);
      expect(downloads).toBe(0);
      expect(attachmentRequests(service)).toHaveLength(before);

      // A ticket nobody uses is dropped after 10 s (and says so); its id then gets the empty page.
      const url = `${service.url}/attachments/${encodeURIComponent(spec.docId)}/data`;
      const ticket = (target: string) =>
        page.evaluate(
          ({ target, token }) =>
            new Promise<unknown[]>((resolve) => {
              const channel = new MessageChannel();
              const replies: unknown[] = [];
              channel.port1.onmessage = (event) => {
                replies.push(event.data);
                const reply = event.data as { type: string };
                if (reply.type === 'ready') {
                  setTimeout(() => resolve(replies), 10_500);
                } else resolve(replies);
              };
              navigator.serviceWorker.controller!.postMessage(
                { type: 'fetch', url: target, token, fileName: 'x.bin', size: 1 },
                [channel.port2],
              );
            }),
          { target, token: BROWSER_TOKEN },
        );
      const replies = (await ticket(url)) as { type: string; id?: string; reason?: string }[];
      expect(replies).toEqual([
        { type: 'ready', id: expect.stringMatching(/^[0-9a-f]{32}$/) },
        { type: 'error', reason: 'expired' },
      ]);
      expect(await navigate(`/__threadline/download/${replies[0]!.id!}`)).toEqual({
        status: 200,
        body: '',
      });
      await page.waitForTimeout(500);
      expect(downloads).toBe(0);
      expect(attachmentRequests(service)).toHaveLength(before);

      for (const bad of ['javascript:alert(1)', 'data:text/plain,x', '/relative/path']) {
        expect(await ticket(bad)).toEqual([{ type: 'error', reason: 'invalid' }]);
      }
    },
  );

  test(
    'an attachment url on another origin gets no request, let alone the token',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const other = await foreignServer();
      try {
        const id = quietConversationId(service);
        service.state.addAttachment(id, {
          fileName: 'invoice.pdf',
          mimeType: 'application/pdf',
          url: other.attachmentUrl,
        });
        const pane = await openConversation(page, service, id);
        await pane.getByRole('button', { name: 'Download invoice.pdf' }).click();
        await expect(item(pane, 'invoice.pdf').getByRole('alert')).toHaveText(
          `This attachment's address is not on your service (127.0.0.1:${other.port}); it was not downloaded.`,
        );
        await page.waitForTimeout(500);
        expect(other.seen).toEqual([]);
        expect(attachmentRequests(service)).toHaveLength(0);
      } finally {
        await other.close();
      }
    },
  );

  test(
    'hostile names are saved under safe names, from a Blob and through the worker',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      const id = quietConversationId(service);
      const names = [
        { fileName: '../../etc/passwd', size: 2048 },
        { fileName: 'CON.txt', size: 1024 },
        { fileName: 'line one\nline two\t\u0007\u001b[31mred.txt', size: 1024 },
        { fileName: '..\\..\\Startup\\evil<>.bin', size: 51 * MB },
      ];
      for (const { fileName, size } of names) {
        service.state.addAttachment(id, { fileName, mimeType: 'application/octet-stream', size });
      }
      const pane = await openConversation(page, service, id);
      for (const { fileName } of names) {
        const expected = toSafeFileName(fileName, '');
        // Shown with its control characters made visible: no line break or bell read out unseen.
        const accessibleName = `Download ${revealHiddenCharacters(fileName)}`;
        expect(accessibleName).not.toMatch(/\p{Cc}/u);
        const started = page.waitForEvent('download');
        await pane.getByRole('button', { name: accessibleName, exact: true }).click();
        const saved = await started;
        expect(saved.suggestedFilename()).toBe(expected);
        expect(await saved.failure()).toBeNull();
      }
      expect(toSafeFileName('../../etc/passwd', '')).toBe('_.._etc_passwd');
      expect(toSafeFileName('CON.txt', '')).toBe('_CON.txt');
    },
  );

  test('a text/html attachment downloads as a file and opens nothing', async ({
    page,
    service,
  }) => {
    const id = quietConversationId(service);
    const fileName = '<img src=x onerror=alert(1)>.html';
    service.state.addAttachment(id, { fileName, mimeType: 'text/html' });
    service.state.addAttachment(id, { fileName: 'logo.svg', mimeType: 'image/svg+xml' });
    const pane = await openConversation(page, service, id);
    const before = page.url();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const popups: string[] = [];
    page.context().on('page', (opened) => popups.push(opened.url()));
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    for (const name of [fileName, 'logo.svg']) {
      const saved = await download(page, pane, name);
      expect(saved.suggestedFilename()).toBe(toSafeFileName(name, ''));
      const text = await readFile(await saved.path(), 'utf8');
      expect(text).toMatch(/<(html|svg)/i);
    }
    await page.waitForTimeout(300);
    expect(page.url()).toBe(before);
    expect(popups).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(navigations.filter((url) => url.startsWith('blob:') || url !== before)).toEqual([]);
    expect(await page.evaluate((marker) => marker in window, SCRIPT_MARKER)).toBe(false);
    expect(page.context().pages()).toHaveLength(1);
    // The name is shown as text, never as markup.
    await expect(item(pane, fileName)).toContainText(fileName);
    expect(await pane.locator('img').count()).toBe(0);
  });

  test("the page's heap stays flat while a 160 MB file downloads through the worker", async ({
    page,
    service,
  }) => {
    const fast = await throttled(service, 40 * MB);
    try {
      const id = quietConversationId(service);
      const size = 160 * MB;
      service.state.addAttachment(id, {
        fileName: 'huge.bin',
        mimeType: 'application/octet-stream',
        size,
      });
      const pane = await openConversation(page, fast, id);
      const cdp = await page.context().newCDPSession(page);
      const heap = async () => {
        const usage = (await cdp.send('Runtime.getHeapUsage')) as {
          usedSize: number;
          embedderHeapUsedSize?: number;
          backingStorageSize?: number;
        };
        return usage.usedSize + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0);
      };
      await cdp.send('HeapProfiler.collectGarbage');
      const baseline = await heap();

      const saved = await download(page, pane, 'huge.bin');
      let finished = false;
      const path = saved.path().finally(() => (finished = true));
      let peak = baseline;
      while (!finished) {
        peak = Math.max(peak, await heap());
        await page.waitForTimeout(100);
      }
      expect(await saved.failure()).toBeNull();
      expect((await stat(await path)).size).toBe(size);
      expect(attachmentRequests(service)[1]).toMatchObject({ completed: true, bytesSent: size });
      // The page never touches the bytes; the Blob path peaks at about +160 MB.
      expect(peak - baseline).toBeLessThan(30 * MB);
    } finally {
      await fast.close();
    }
  });
});
