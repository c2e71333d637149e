#!/usr/bin/env node
/**
 * Launches Debian's Firefox ESR for Playwright's WebDriver BiDi client (`channel: 'moz-firefox'`).
 *
 * Playwright 1.65 sends `emulation.setMediaFeaturesOverride` when it opens a context, and Firefox
 * ESR 153 answers "unknown command", so no test could start. This launcher starts Firefox with
 * Playwright's arguments and sits between the two as a WebSocket relay on 127.0.0.1: every message
 * passes through untouched except that one command, which it answers itself when it asks for what
 * the profile already gives (the light colour scheme, pinned by the
 * `layout.css.prefers-color-scheme.content-override` preference in playwright.config.ts) and
 * refuses otherwise, so a test that needs the dark scheme fails instead of passing unseen.
 *
 * Downloads started from a page's own script (a Blob the app saves) arrive from this Firefox with
 * `navigation: null` and no download id, and Playwright drops a download event without either; the
 * relay gives each such download an id, the same on its `downloadWillBegin` and `downloadEnd`, so
 * tests see every download the agent would. A download whose frame is gone before it ends (the
 * page reloaded) has its end reported on the tab instead (FrameTree).
 *
 * Playwright reads the endpoint from the browser's stderr ("WebDriver BiDi listening on ws://…");
 * we print ours in its place. Playwright ends the browser by its process group, which includes
 * Firefox; Firefox ending ends us.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { WebSocket, WebSocketServer } from 'ws';

const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
const LISTENING = /WebDriver BiDi listening on (ws:\/\/\S+)/;

const firefox = spawn(firefoxPath, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] });
firefox.on('error', (error) => {
  process.stderr.write(`Could not start ${firefoxPath}: ${error.message}\n`);
  process.exit(1);
});
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP'])) {
  process.on(signal, () => firefox.kill(signal));
}

createInterface({ input: firefox.stderr }).on('line', (line) => {
  const listening = LISTENING.exec(line);
  if (!listening) {
    process.stderr.write(`${line}\n`);
    return;
  }
  const upstream = listening[1].replace(/\/$/, '');
  const relay = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  relay.on('listening', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (relay.address());
    process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${port}\n`);
  });
  relay.on('connection', (client, request) => bridge(client, `${upstream}${request.url ?? ''}`));
});

/**
 * @param {WebSocket} client Playwright's connection
 * @param {string} url the same path on Firefox's own endpoint
 */
function bridge(client, url) {
  const browser = new WebSocket(url);
  /** @type {string[]} */
  const waiting = [];
  browser.on('open', () => waiting.splice(0).forEach((message) => browser.send(message)));
  const downloads = new DownloadIds();
  const frames = new FrameTree();
  browser.on('message', (data) =>
    client.send(frames.rehome(downloads.label(frames.track(data.toString())))),
  );
  client.on('message', (data) => {
    const text = data.toString();
    const answer = answerLocally(JSON.parse(text));
    if (answer) client.send(JSON.stringify(answer));
    else if (browser.readyState === WebSocket.OPEN) browser.send(text);
    else waiting.push(text);
  });
  browser.on('close', () => client.close());
  client.on('close', () => browser.close());
  browser.on('error', () => client.close());
  client.on('error', () => browser.close());
}

/** Ids for downloads Firefox reports without one, matched by browsing context and url. */
class DownloadIds {
  /** @type {Map<string, string[]>} */
  #started = new Map();
  #count = 0;

  /** @param {string} text a message from Firefox */
  label(text) {
    if (!text.includes('"browsingContext.download')) return text;
    const message = JSON.parse(text);
    const { method, params } = message;
    if (params.navigation || params.download) return text;
    const key = `${params.context} ${params.url}`;
    const ids = this.#started.get(key) ?? [];
    if (method === 'browsingContext.downloadWillBegin') {
      const id = `relay-download-${++this.#count}`;
      this.#started.set(key, [...ids, id]);
      params.download = id;
    } else if (method === 'browsingContext.downloadEnd' && ids.length > 0) {
      params.download = ids.shift();
      if (ids.length === 0) this.#started.delete(key);
    }
    return JSON.stringify(message);
  }
}

/**
 * Where a download's end is reported. The app's large downloads start in a hidden frame; when the
 * agent reloads the page meanwhile, the frame is gone before the browser finishes the file, and
 * Playwright drops a `downloadEnd` for a context it no longer knows, so the download would never
 * end for the test although Firefox saved it whole. Such an end is reported on the frame's
 * nearest ancestor still open (the tab), which Playwright does know.
 */
class FrameTree {
  /** @type {Map<string, string | null>} parent of every context seen */
  #parents = new Map();
  /** @type {Set<string>} */
  #gone = new Set();

  /** @param {string} text a message from Firefox */
  track(text) {
    if (!text.includes('"browsingContext.context')) return text;
    const { method, params } = JSON.parse(text);
    if (method === 'browsingContext.contextCreated') {
      this.#parents.set(params.context, params.parent ?? null);
    } else if (method === 'browsingContext.contextDestroyed') {
      this.#gone.add(params.context);
    }
    return text;
  }

  /** @param {string} text a message from Firefox (after DownloadIds) */
  rehome(text) {
    if (!text.includes('"browsingContext.downloadEnd"')) return text;
    const message = JSON.parse(text);
    let context = message.params.context;
    if (!this.#gone.has(context)) return text;
    while (context && this.#gone.has(context)) context = this.#parents.get(context) ?? null;
    if (!context) return text;
    message.params.context = context;
    return JSON.stringify(message);
  }
}

/**
 * @param {{ id?: number, method?: string, params?: { features?: Record<string, unknown> } }} command
 */
function answerLocally(command) {
  if (command.method !== 'emulation.setMediaFeaturesOverride') return null;
  const scheme = command.params?.features?.['prefers-color-scheme'];
  if (scheme === undefined || scheme === null || scheme === 'light') {
    return { type: 'success', id: command.id, result: {} };
  }
  return {
    type: 'error',
    id: command.id,
    error: 'unsupported operation',
    message: `Firefox ESR cannot emulate prefers-color-scheme: ${String(scheme)}; the profile pins light`,
  };
}
