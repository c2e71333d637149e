import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import {
  expectedSha256,
  quietConversationId,
  registeredWorkers,
  savedSha256,
} from './download-helpers';
import { recordViolations, violations } from './csp-violations';
import { appStarted, conversationList, expect, signIn, test as base } from './fixtures';

/**
 * The documented deployment, exercised: deploy/nginx.conf under Debian's nginx, serving the build
 * the Playwright config made ($PLAYWRIGHT_OUT_DIR, default dist/) with a config.json naming this
 * test's service double. The file is used as it is, with only what a deployment changes replaced:
 * the listen blocks (TLS included: the test speaks plain HTTP on 127.0.0.1), server_name, root
 * and connect-src's service origin. Then the headers are checked over HTTP, and an agent's session
 * runs through it in Chromium.
 */

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BUILD_DIR = join(REPO, process.env.PLAYWRIGHT_OUT_DIR ?? 'dist');
const MB = 1024 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const JS_TYPE = /^(text|application)\/javascript(;\s*charset=utf-8)?$/i;
/** The type each kind of file beside index.html must be served with. */
const TYPES: Record<string, RegExp> = {
  '.html': /^text\/html(;\s*charset=utf-8)?$/i,
  '.js': JS_TYPE,
  '.json': /^application\/json(;\s*charset=utf-8)?$/i,
  '.css': /^text\/css(;\s*charset=utf-8)?$/i,
  '.svg': /^image\/svg\+xml(;\s*charset=utf-8)?$/i,
  '.png': /^image\/png$/,
  '.ico': /^image\/(x-icon|vnd\.microsoft\.icon)$/,
  '.webmanifest': /^application\/manifest\+json(;\s*charset=utf-8)?$/i,
};

interface Deployment {
  /** The app, as agents open it (nginx's HTTPS server, plain HTTP here). */
  url: string;
  /** nginx's plain-HTTP server, which only redirects. */
  redirectUrl: string;
  /** The service double's origin, put in connect-src. */
  serviceOrigin: string;
  /** The config.json served beside index.html. */
  config: { serviceUrl: string; messagesPath: string };
  /** The directory nginx serves: the build with the config.json. */
  root: string;
}

/** deploy/nginx.conf with what a deployment changes replaced; each must be found as expected. */
function deployedServerBlocks(
  source: string,
  { port, redirectPort, root, serviceOrigin }: Record<string, string | number>,
): string {
  let conf = source;
  const replace = (pattern: RegExp, replacement: string, count: number) => {
    const everywhere = new RegExp(pattern.source, `${pattern.flags}g`);
    const found = conf.match(everywhere)?.length ?? 0;
    if (found !== count)
      throw new Error(
        `deploy/nginx.conf: expected ${count} match(es) of ${String(pattern)}, found ${found}; the test replaces exactly these.`,
      );
    conf = conf.replace(everywhere, replacement);
  };
  replace(
    /^[ \t]*# BEGIN listen-https\n[\s\S]*?^[ \t]*# END listen-https\n/m,
    `    listen 127.0.0.1:${port};\n`,
    1,
  );
  replace(
    /^[ \t]*# BEGIN listen-http\n[\s\S]*?^[ \t]*# END listen-http\n/m,
    `    listen 127.0.0.1:${redirectPort};\n`,
    1,
  );
  replace(/^([ \t]*)server_name threadline\.example\.com;/m, '$1server_name 127.0.0.1;', 2);
  replace(/^([ \t]*)root \/usr\/share\/threadline;/m, `$1root "${root}";`, 1);
  replace(
    /(connect-src|frame-src) 'self' https:\/\/conversations\.example\.com;/,
    `$1 'self' ${serviceOrigin};`,
    2,
  );
  return conf;
}

/** The top-level file nginx starts with, like Debian's /etc/nginx/nginx.conf but in `dir`. */
function mainConf(dir: string, serverBlocks: string): string {
  return `worker_processes 1;
events { worker_connections 256; }
http {
    sendfile on;
    types_hash_max_size 2048;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${serverBlocks};
}
`;
}

/** Starts nginx in the foreground; resolves once it answers, rejects with its log if it exits. */
async function startNginx(dir: string, confPath: string, probeUrl: string) {
  const log: string[] = [];
  const child = spawn(
    NGINX,
    [
      // The log for start-up, before the configuration is read (the default is /var/log/nginx/).
      '-e',
      'stderr',
      '-p',
      `${dir}/`,
      '-c',
      confPath,
      '-g',
      `daemon off; pid ${dir}/nginx.pid; error_log stderr warn;`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => log.push(text));
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`nginx exited (${code ?? signal}):\n${log.join('')}`)),
    );
  });
  exited.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answered = await Promise.race([
      fetch(probeUrl).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (answered) break;
    if (Date.now() > deadline) {
      await stopNginx(child);
      throw new Error(`nginx did not answer ${probeUrl} within 10 s:\n${log.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, log };
}

/** Fast shutdown of the master (by its pid), which stops its worker; then a kill if need be. */
async function stopNginx(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid!, 'SIGTERM');
  const timer = setTimeout(() => process.kill(child.pid!, 'SIGKILL'), 5_000);
  await gone;
  clearTimeout(timer);
}

const test = base.extend<{ deployment: Deployment }>({
  deployment: async ({ service }, use, testInfo) => {
    await stat(join(BUILD_DIR, 'index.html')).catch(() => {
      throw new Error(`No build in ${BUILD_DIR}: Playwright's webServer builds it first.`);
    });
    const dir = await mkdtemp(join(tmpdir(), 'threadline-nginx-'));
    // As root nginx's worker runs as nobody: it must be able to read the copied build.
    await chmod(dir, 0o755);
    try {
      // The build as an engineer deploys it, with their config.json beside index.html.
      const root = join(dir, 'www');
      await cp(BUILD_DIR, root, { recursive: true });
      const serviceOrigin = new URL(service.url).origin;
      const config = { serviceUrl: service.url, messagesPath: '/conversations/{id}/messages' };
      await writeFile(join(root, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
      const source = await readFile(join(REPO, 'deploy/nginx.conf'), 'utf8');

      // Ports are picked free, then bound by nginx: another process may win the race; retry.
      for (let attempt = 1; ; attempt++) {
        const [port, redirectPort] = [await freePort(), await freePort()];
        const serverBlocks = join(dir, 'threadline.conf');
        await writeFile(
          serverBlocks,
          deployedServerBlocks(source, { port, redirectPort, root, serviceOrigin }),
        );
        const confPath = join(dir, 'nginx.conf');
        await writeFile(confPath, mainConf(dir, serverBlocks));
        const url = `http://127.0.0.1:${port}`;
        let nginx: Awaited<ReturnType<typeof startNginx>>;
        try {
          nginx = await startNginx(dir, confPath, `${url}/config.json`);
        } catch (error) {
          if (attempt < 3 && /Address already in use/.test(String(error))) continue;
          throw error;
        }
        try {
          await use({
            url,
            redirectUrl: `http://127.0.0.1:${redirectPort}`,
            serviceOrigin,
            config,
            root,
          });
        } finally {
          await stopNginx(nginx.child);
          const log = nginx.log.join('');
          if (log) await testInfo.attach('nginx error log', { body: log });
          // Warnings at start-up (a directive nginx ignores or corrects) are failures too.
          expect(log, 'nginx logged warnings or errors').not.toMatch(
            /\[(warn|error|crit|emerg|alert)\]/,
          );
        }
        break;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
});

/** The headers docs/deployment.md lists for any server (Cache-Control is checked per file). */
async function documentedHeaders(serviceOrigin: string): Promise<Record<string, string>> {
  const guide = await readFile(join(REPO, 'docs', 'deployment.md'), 'utf8');
  const block = /```\n(Content-Security-Policy:[\s\S]*?)```/.exec(guide)?.[1] ?? '';
  const headers: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const match = /^([A-Za-z-]+):\s+(.*?)\s*(#.*)?$/.exec(line);
    if (match && match[1]!.toLowerCase() !== 'cache-control')
      headers[match[1]!.toLowerCase()] = match[2]!;
  }
  expect(Object.keys(headers), 'docs/deployment.md lists the headers').toEqual(
    expect.arrayContaining([
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'strict-transport-security',
    ]),
  );
  headers['content-security-policy'] = headers['content-security-policy']!.replaceAll(
    "'self' https://conversations.example.com;",
    `'self' ${serviceOrigin};`,
  );
  return headers;
}

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { redirect: 'manual', headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

function expectHeaders(response: Response, expected: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(expected))
    expect(response.headers.get(name), `${name} on ${what}`).toBe(value);
}

test('deploy/nginx.conf serves the build with the documented headers, SPA fallback and caching', async ({
  deployment,
}) => {
  const { url } = deployment;
  const security = await documentedHeaders(deployment.serviceOrigin);
  const indexHtml = await readFile(join(BUILD_DIR, 'index.html'));

  // The header policy is the app's own (index.html's meta tag) plus frame-ancestors, with the
  // service's origin where the app allows any http(s) origin until it knows the service
  // (src/lib/connect-policy.ts narrows those at run time): it neither loosens nor breaks the app.
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(
    indexHtml.toString(),
  )?.[1];
  expect(meta, "index.html's policy").toBeTruthy();
  const header = directives(security['content-security-policy']!);
  const narrowed: string[] = [];
  for (const [name, value] of directives(meta!)) {
    const anyService = value.split(' ').includes('https:');
    if (anyService) narrowed.push(name);
    expect(header.get(name) ?? header.get('default-src'), `${name} in the header`).toBe(
      anyService ? `'self' ${deployment.serviceOrigin}` : value,
    );
  }
  expect(narrowed).toContain('connect-src');
  expect(header.get('frame-ancestors')).toBe("'none'");

  // index.html, directly and as the fallback for the app's routes (a deep link, query included).
  for (const path of ['/', '/index.html', '/conversations/123?statusId=1', '/no/such/page']) {
    const { response, body } = await get(`${url}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toMatch(TYPES['.html']!);
    expect(body.equals(indexHtml), `${path} is index.html`).toBe(true);
    expectHeaders(response, { ...security, 'cache-control': 'no-cache' }, path);
  }

  // The build holds no config.json: copying a new build over a deployment keeps the deployment's.
  expect(await readdir(BUILD_DIR)).not.toContain('config.json');
  // Every file beside index.html (config.json, the download worker, the favicon, anything public/
  // adds) is revalidated on each use, with its own type and bytes.
  const topLevel = (await readdir(deployment.root, { withFileTypes: true })).filter((entry) =>
    entry.isFile(),
  );
  expect(topLevel.map((entry) => entry.name)).toEqual(
    expect.arrayContaining(['index.html', 'config.json', 'download-sw.js']),
  );
  for (const { name } of topLevel) {
    const { response, body } = await get(`${url}/${name}`, { 'accept-encoding': 'gzip' });
    expect(response.status, name).toBe(200);
    const type = TYPES[extname(name)];
    expect(type, `an expected type for ${name} (add one to TYPES)`).toBeDefined();
    expect(response.headers.get('content-type'), name).toMatch(type!);
    expectHeaders(response, { ...security, 'cache-control': 'no-cache' }, name);
    const expected =
      name === 'config.json'
        ? Buffer.from(`${JSON.stringify(deployment.config, null, 2)}\n`)
        : await readFile(join(BUILD_DIR, name));
    expect(body.equals(expected), `${name}'s bytes`).toBe(true);
  }
  // The installed app: the web app manifest under its own media type, and it and the service
  // worker revalidated on every use, so that a new version reaches agents at their next check.
  expect(topLevel.map((entry) => entry.name)).toEqual(
    expect.arrayContaining(['manifest.webmanifest', 'download-sw.js', 'icon-192.png']),
  );
  const manifest = await get(`${url}/manifest.webmanifest`);
  expect(manifest.response.headers.get('content-type')).toMatch(
    /^application\/manifest\+json(;\s*charset=utf-8)?$/i,
  );
  expect(manifest.response.headers.get('cache-control')).toBe('no-cache');
  expect((await get(`${url}/download-sw.js`)).response.headers.get('cache-control')).toBe(
    'no-cache',
  );
  // Every file the worker precaches when it installs is there, with the bytes it expects (an
  // install fails as a whole when one is missing).
  const workerCode = await readFile(join(BUILD_DIR, 'download-sw.js'), 'utf8');
  const precached = [
    ...workerCode.matchAll(/"url": "([^"]+)",\s*"revision": (null|"[0-9a-f]+")/g),
  ].map(([, path, revision]) => ({
    path: path!,
    revision: JSON.parse(revision!) as string | null,
  }));
  expect(precached.map((entry) => entry.path)).toEqual(
    expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/favicon-64.png']),
  );
  expect(precached.map((entry) => entry.path)).not.toContain('/config.json');
  for (const { path, revision } of precached) {
    const { response, body } = await get(`${url}${path}`);
    expect(response.status, path).toBe(200);
    expect(body.equals(await readFile(join(BUILD_DIR, path))), `${path}'s bytes`).toBe(true);
    if (revision !== null)
      expect(createHash('sha256').update(body).digest('hex').slice(0, 20), path).toBe(revision);
  }

  // Revalidation is cheap: a 304, with the same headers.
  const worker = await get(`${url}/download-sw.js`);
  const etag = worker.response.headers.get('etag');
  expect(etag).toBeTruthy();
  const revalidated = await get(`${url}/download-sw.js`, { 'if-none-match': etag! });
  expect(revalidated.response.status).toBe(304);
  expectHeaders(revalidated.response, { ...security, 'cache-control': 'no-cache' }, '304');

  // Content-hashed assets: immutable for a year, JavaScript as JavaScript, compressed.
  // .mjs: PDF.js's worker, a module worker, refused under any type but JavaScript.
  const assets = (await readdir(join(BUILD_DIR, 'assets'))).filter((name) =>
    /\.(m?js|css)$/.test(name),
  );
  expect(assets.some((name) => name.endsWith('.mjs'))).toBe(true);
  const entry = /<script\b[^>]*\btype="module"[^>]*\bsrc="\/assets\/([^"]+\.js)"/.exec(
    indexHtml.toString(),
  )?.[1];
  expect(assets).toContain(entry);
  for (const name of assets) {
    const { response, body } = await get(`${url}/assets/${name}`, { 'accept-encoding': 'gzip' });
    expect(response.status, name).toBe(200);
    expect(response.headers.get('content-type'), name).toMatch(
      /\.m?js$/.test(name) ? JS_TYPE : TYPES['.css']!,
    );
    expectHeaders(response, { ...security, 'cache-control': IMMUTABLE }, name);
    const bytes = await readFile(join(BUILD_DIR, 'assets', name));
    // nginx compresses from gzip_min_length (256 B) up: smaller files gain nothing from it.
    if (bytes.length >= 256) {
      expect(response.headers.get('content-encoding'), `${name} compressed`).toBe('gzip');
      expect(response.headers.get('vary'), name).toMatch(/Accept-Encoding/i);
    } else {
      expect(response.headers.get('content-encoding'), `${name} sent as it is`).toBeNull();
    }
    // fetch decompresses: these are the file's bytes.
    expect(body.equals(bytes), name).toBe(true);
  }
  const assetEtag = (await get(`${url}/assets/${entry}`)).response.headers.get('etag')!;
  const asset304 = await get(`${url}/assets/${entry}`, { 'if-none-match': assetEtag });
  expect(asset304.response.status).toBe(304);
  expect(asset304.response.headers.get('cache-control')).toBe(IMMUTABLE);

  // A missing asset, the assets directory and the worker's own paths are 404s (never index.html,
  // never cached for a year), with the security headers all the same.
  for (const path of ['/assets/missing-0a1b2c3d.js', '/assets/', '/__threadline/download/abc']) {
    const { response, body } = await get(`${url}${path}`);
    expect(response.status, path).toBe(404);
    expect(body.toString(), path).not.toContain('<div id="root">');
    expectHeaders(response, { ...security, 'cache-control': 'no-cache' }, path);
  }

  // Plain HTTP only redirects to HTTPS, path and query kept.
  const { response: redirect } = await get(
    `${deployment.redirectUrl}/conversations/123?statusId=1`,
  );
  expect(redirect.status).toBe(301);
  expect(redirect.headers.get('location')).toBe('https://127.0.0.1/conversations/123?statusId=1');
});

test('without a config.json nginx answers 404, and the app starts on its defaults', async ({
  deployment,
  page,
}) => {
  await rm(join(deployment.root, 'config.json'));
  const security = await documentedHeaders(deployment.serviceOrigin);
  const { response, body } = await get(`${deployment.url}/config.json`);
  expect(response.status).toBe(404);
  // Not index.html, which the app read as a broken config.json and stopped.
  expect(body.toString()).not.toContain('<div id="root">');
  expectHeaders(response, { ...security, 'cache-control': 'no-cache' }, 'a missing config.json');

  await page.goto(`${deployment.url}/`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Service URL')).toHaveValue('');
  await expect(page.getByText('Threadline could not start')).toHaveCount(0);
});

test('an agent signs in through nginx, opens a deep link, downloads (exact bytes) and views a PDF: no CSP violation', async ({
  page,
  service,
  deployment,
  consoleErrors,
}) => {
  const quietId = quietConversationId(service);
  const conversation = service.state.dataset.list().find(({ id }) => id === quietId)!;
  const small = { fileName: 'notes.bin', size: 3 * MB + 7 };
  const large = { fileName: 'export.bin', size: 60 * MB + 123 };
  const specs = [small, large].map((file) =>
    service.state.addAttachment(conversation.id, {
      ...file,
      mimeType: 'application/octet-stream',
    }),
  );
  service.state.addAttachment(conversation.id, {
    fileName: 'manual.pdf',
    mimeType: 'application/pdf',
    size: 40 * 1024,
  });
  await recordViolations(page);
  // Every answer nginx gives the browser: none may fail (a missing chunk would show here).
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(deployment.url) && response.status() >= 400)
      failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    // The worker answers its own download navigation, which the browser turns into a download:
    // Chromium reports that navigation as aborted.
    const becameDownload =
      error === 'net::ERR_ABORTED' && request.url().startsWith(`${deployment.url}/__threadline/`);
    if (request.url().startsWith(deployment.url) && !becameDownload)
      failures.push(`${error} ${request.url()}`);
  });
  const documents: Record<string, string>[] = [];
  page.on('response', async (response) => {
    if (
      response.request().resourceType() === 'document' &&
      response.url().startsWith(deployment.url)
    )
      documents.push(await response.allHeaders());
  });

  // A deep link, as an agent opens one from a shared link: the conversation in its status.
  const deepLink = `${deployment.url}/conversations/${conversation.id}?status=${conversation.status}`;
  await signIn(page, service, { path: deepLink });
  expect(page.url()).toBe(deepLink);
  const pane = page.getByRole('complementary', { name: `Conversation #${conversation.id}` });
  await expect(pane).toBeVisible();
  expect(documents.length).toBeGreaterThan(0);
  expect(documents[0]!['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(documents[0]!['content-security-policy']).toContain(
    `connect-src 'self' ${deployment.serviceOrigin};`,
  );

  // A small file (read in the page, saved from a Blob) and a large one (the download worker,
  // /download-sw.js from nginx, requests it itself under the header's policy).
  for (const [index, file] of [small, large].entries()) {
    const started = page.waitForEvent('download');
    await pane.getByRole('button', { name: `Download ${file.fileName}`, exact: true }).click();
    const saved = await started;
    expect(saved.suggestedFilename()).toBe(file.fileName);
    expect(await savedSha256(saved), `${file.fileName}'s bytes`).toBe(
      expectedSha256(specs[index]!.seed, file.size),
    );
  }
  expect(await registeredWorkers(page)).toEqual([`${deployment.url}/download-sw.js`]);

  // A PDF in the attachment viewer: PDF.js's module worker (.mjs) from nginx, created through
  // the threadline-pdf-worker policy under the header's policy.
  await pane.getByRole('button', { name: 'View manual.pdf', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'manual.pdf' });
  await expect(viewer.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(viewer.locator('.textLayer').first()).toContainText('Threadline');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // A reload through nginx, with the worker in place: the inbox and the pane come back.
  await page.reload();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  await appStarted(page);
  await expect(pane).toBeVisible();

  expect(await violations(page)).toEqual([]);
  expect(failures).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("frame-ancestors 'none' from nginx keeps the app out of frames", async ({
  page,
  deployment,
  baseURL,
}) => {
  // Another page than the test's: Chromium logs the refusal as a console error there. The preview
  // server (index.html's meta policy only, which cannot forbid framing) is framed; nginx is not.
  const framing = await page.context().newPage();
  const refusals: string[] = [];
  framing.on('console', (message) => {
    if (message.type() === 'error') refusals.push(message.text());
  });
  try {
    await framing.setContent(
      `<iframe id="preview" src="${baseURL}/config.json"></iframe>` +
        `<iframe id="deployed" src="${deployment.url}/conversations/123"></iframe>`,
    );
    const frame = async (id: string) => {
      const found = await (await framing.locator(`#${id}`).elementHandle()).contentFrame();
      if (!found) throw new Error(`no frame #${id}`);
      return found;
    };
    await expect
      .poll(async () => (await frame('preview')).evaluate(() => document.body?.textContent ?? ''))
      .toContain('serviceUrl');
    await expect
      .poll(async () => (await frame('deployed')).url())
      .toBe('chrome-error://chromewebdata/');
    // Blocked by the header's frame-ancestors, not by anything else.
    const url = deployment.url.replaceAll('.', '\\.');
    await expect
      .poll(() => refusals)
      .toEqual([expect.stringMatching(new RegExp(`${url}/.*"frame-ancestors 'none'"`))]);
  } finally {
    await framing.close();
  }
});
