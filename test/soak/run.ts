/**
 * `npm run soak`: an 8-hour shift in about ten minutes. Builds the app, serves it with a
 * config.json (poll every 30 s) from the bench's static server, runs the service double with
 * churn (new and updated conversations all shift long) and drives Debian's Chromium with
 * Playwright through the UI: 300 conversations opened and closed, 100 downloads (a quarter of
 * them Download all), status filters toggled, "Show N new or updated" clicked, the list scrolled.
 * A fast clock in the page (fast-clock.ts) runs the app's long timers at shift speed. At the
 * start, every simulated hour and the end it records JS heap after GC, DOM elements, requests to
 * the double and whether any conversation is shown twice. Prints a table and writes
 * soak-results/latest.{md,json}.
 *
 * Options: --hours N (8), --hour-ms MS (real ms per simulated hour, 66000), --conversations N (5000).
 * A measurement, not a test: missed targets do not fail it; only a broken setup does (exit 1).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { startServiceDouble } from '../../service-double/index';
import type { ServiceState } from '../../service-double/index';
import { mulberry32 } from '../../service-double/prng';
import { launchBrowser, newBenchContext } from '../bench/browser';
import { buildApp, ROOT } from '../bench/build';
import { describeMachine, machineLine } from '../bench/machine';
import { sleep } from '../bench/stats';
import { startStaticServer } from '../bench/static-server';
import { pageFigures } from './checkpoint';
import { addFastClock, readFastClock } from './fast-clock';
import {
  closeConversation,
  downloadFromPane,
  isDownloadCandidate,
  openConversation,
  scrollList,
  showFresh,
  toggleStatus,
  visibleRowIds,
  waitForList,
} from './inbox';
import type { StatusLabel } from './inbox';
import { markdownTable, summaryLines, verdicts, verdictTable, writeSoakReport } from './report';
import type { Activity, Checkpoint, SoakResults, SoakSettings } from './report';
import { addCounts, emptyCounts, RequestTally } from './requests';

const RESULTS_DIR = path.join(ROOT, 'soak-results');
const PAGES_DIR = path.join(ROOT, 'test', 'bench', 'pages');
const HOUR_MS = 3_600_000;
/** The production default: a first-page check every 30 s of the shift. */
const POLL_INTERVAL_MS = 30_000;
const OPENS = 300;
const DOWNLOADS = 100;
/** Every ZIP_EVERY-th download is Download all. */
const ZIP_EVERY = 4;
/** The filter walk each hour: none → Open → Open+Pending → Pending → none. */
const TOGGLES: readonly StatusLabel[] = ['Open', 'Pending', 'Open', 'Pending'];
/** After the shift: churn stops, the agent idles this long (real), then the end is measured. */
const END_IDLE_MS = 15_000;
const MAX_ERRORS = 40;

function options() {
  const { values } = parseArgs({
    options: {
      hours: { type: 'string', default: '8' },
      'hour-ms': { type: 'string', default: '66000' },
      conversations: { type: 'string', default: '5000' },
    },
  });
  const number = (name: string, value: string, min: number) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new Error(`--${name} must be an integer ≥ ${min}`);
    return parsed;
  };
  return {
    hours: number('hours', values.hours, 1),
    hourMs: number('hour-ms', values['hour-ms'], 5000),
    conversations: number('conversations', values.conversations, 100),
  };
}

/** How many of `total` fall in hour `h` of `hours`, spread evenly. */
const share = (total: number, h: number, hours: number) =>
  Math.round(((h + 1) * total) / hours) - Math.round((h * total) / hours);

class Agent {
  readonly activity: Activity = {
    opened: 0,
    downloads: 0,
    zips: 0,
    downloadedBytes: 0,
    bannerClicks: 0,
    freshMerged: 0,
    filterChanges: 0,
    escapeFallbacks: 0,
    errors: 0,
  };
  readonly errors: string[] = [];
  private readonly opened = new Set<number>();
  private readonly rng = mulberry32(20_250_602);
  private downloadsStarted = 0;
  private filterChangesInStretch = 0;

  constructor(
    private readonly page: Page,
    private readonly state: ServiceState,
  ) {}

  takeFilterChanges(): number {
    const count = this.filterChangesInStretch;
    this.filterChangesInStretch = 0;
    return count;
  }

  async freshRows(): Promise<void> {
    const merged = await showFresh(this.page);
    if (merged > 0) {
      this.activity.bannerClicks++;
      this.activity.freshMerged += merged;
    }
  }

  async toggle(label: StatusLabel): Promise<void> {
    await toggleStatus(this.page, label);
    this.activity.filterChanges++;
    this.filterChangesInStretch++;
  }

  async scroll(episode: number, deep: boolean): Promise<void> {
    if (deep) await scrollList(this.page, 20);
    else if (episode % 12 === 0) await scrollList(this.page, 'top');
    else if (episode % 6 === 3) await scrollList(this.page, 1.5);
    else if (episode % 6 === 5) await scrollList(this.page, 1);
  }

  /** Opens a visible conversation, downloads from it if asked, closes it (Close or Esc). */
  async episode(episode: number, download: boolean): Promise<boolean> {
    let order: number[] = [];
    let candidate: number | undefined;
    // A download needs a conversation not opened yet; look a few screens further down if need be.
    for (let look = 0; look < (download ? 4 : 1); look++) {
      if (look > 0) await scrollList(this.page, 1);
      order = (await visibleRowIds(this.page)).sort(() => this.rng() - 0.5);
      candidate = download
        ? order.find((id) => isDownloadCandidate(this.state, id, this.opened))
        : undefined;
      if (!download || candidate !== undefined) break;
    }
    if (order.length === 0) throw new Error('no row visible to open');
    const id = candidate ?? order.find((id) => !this.opened.has(id)) ?? order[0]!;
    let button: string | undefined;
    let zip = false;
    if (candidate !== undefined) {
      const n = ++this.downloadsStarted;
      zip = n % ZIP_EVERY === 0;
      const size = () => 4096 + Math.floor(this.rng() * 60_000);
      const name = `soak-${n}.txt`;
      this.state.addAttachment(id, { fileName: name, mimeType: 'text/plain', size: size() });
      if (zip) {
        this.state.addAttachment(id, {
          fileName: `soak-${n}.csv`,
          mimeType: 'text/csv',
          size: size(),
        });
      }
      button = zip ? 'Download all attachments' : `Download ${name}`;
    }
    await openConversation(this.page, id);
    this.opened.add(id);
    this.activity.opened++;
    if (button) {
      const saved = await downloadFromPane(this.page, button);
      this.activity.downloads++;
      if (zip) this.activity.zips++;
      this.activity.downloadedBytes += saved.bytes;
    }
    const closed = await closeConversation(this.page, episode % 2 === 0 ? 'close' : 'escape');
    if (!closed && episode % 2 === 1) this.activity.escapeFallbacks++;
    return download && candidate === undefined;
  }

  /** Puts the page back to a known state after a failed step. */
  async recover(error: unknown): Promise<void> {
    this.activity.errors++;
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    this.errors.push(message);
    console.warn(`  step failed: ${message}`);
    if (this.activity.errors > MAX_ERRORS) throw new Error(`More than ${MAX_ERRORS} steps failed`);
    await this.page.keyboard.press('Escape').catch(() => undefined);
    await waitForList(this.page).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const opts = options();
  const factor = HOUR_MS / opts.hourMs;
  const realPollMs = POLL_INTERVAL_MS / factor;
  const churn = {
    everyMs: Math.round(opts.hourMs / 30),
    add: 1,
    update: 2,
    statusChangeRate: 0.25,
  };
  const settings: SoakSettings = {
    hours: opts.hours,
    hourMs: opts.hourMs,
    factor,
    pollIntervalMs: POLL_INTERVAL_MS,
    realPollMs,
    conversations: opts.conversations,
    targets: {
      opens: Math.round((OPENS * opts.hours) / 8),
      downloads: Math.round((DOWNLOADS * opts.hours) / 8),
    },
    churn,
  };
  const command = `npm run soak${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

  console.log('▸ vite build…');
  // A build of its own, outside the checkout: no race with dist/ or the bench's build, nothing
  // left for ESLint to find.
  const distDir = await buildApp(await mkdtemp(path.join(os.tmpdir(), 'threadline-soak-')));
  const token = `soak-${randomUUID()}`;
  // Whatever started is stopped again, last first, however the soak ends.
  const cleanup: (() => Promise<unknown>)[] = [() => rm(distDir, { recursive: true, force: true })];
  try {
    const service = await startServiceDouble({
      port: 0,
      token,
      conversations: opts.conversations,
      basePath: '/api',
    });
    cleanup.push(() => service.close());
    const { state } = service;
    const server = await startStaticServer({
      distDir,
      pagesDir: PAGES_DIR,
      config: {
        serviceUrl: service.url,
        messagesPath: '/conversations/{id}/messages',
        pollIntervalMs: POLL_INTERVAL_MS,
      },
    });
    cleanup.push(() => server.close());
    const browser = await launchBrowser();
    cleanup.push(() => browser.close());
    const machine = describeMachine(browser.version());
    console.log(`Machine: ${machineLine(machine)}`);
    console.log(
      `Shift: ${opts.hours} h, 1 h = ${opts.hourMs} ms real (×${factor.toFixed(1)}), poll every ${realPollMs.toFixed(0)} ms real`,
    );

    const { context, page, cdp } = await newBenchContext(browser, server.origin, {
      serviceUrl: service.url,
      token,
    });
    await addFastClock(context, factor);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 300));
    });
    page.on('pageerror', (error) =>
      consoleErrors.push(`pageerror: ${error.message.slice(0, 300)}`),
    );

    const tally = new RequestTally(state);
    const agent = new Agent(page, state);
    await page.goto('/', { waitUntil: 'commit' });
    await waitForList(page);
    await sleep(2000);

    const checkpoints: Checkpoint[] = [];
    let totals = emptyCounts();
    const shiftStart = Date.now();
    let stretchStart = Date.now();
    const checkpoint = async (label: string, simHours: number) => {
      await scrollList(page, 'top');
      const figures = await pageFigures(page, cdp);
      const requests = tally.take();
      totals = addCounts(totals, requests);
      const stretchMs = Date.now() - stretchStart;
      stretchStart = Date.now();
      const c: Checkpoint = {
        label,
        simHours,
        realSeconds: (Date.now() - shiftStart) / 1000,
        page: figures,
        requests,
        stretchMs,
        expectedPolls: stretchMs / realPollMs,
        filterChanges: agent.takeFilterChanges(),
        activity: { ...agent.activity },
        double: {
          conversations: state.dataset.size,
          added: state.stats.added,
          touches: state.stats.touches,
        },
      };
      checkpoints.push(c);
      const dupes = figures.renderedDuplicates.length + figures.sweptDuplicates.length;
      console.log(
        `  ${label}: heap ${(figures.heapUsed / 2 ** 20).toFixed(1)} MiB, ${figures.domElements} elements, ` +
          `${figures.swept} rows, ${dupes} duplicates, ${requests.listFirst}+${requests.listNext} list GETs, ` +
          `${agent.activity.opened} opened, ${agent.activity.downloads} downloads`,
      );
    };

    // The start: the app loaded and settled; then tally from zero.
    tally.take();
    stretchStart = Date.now();
    await checkpoint('start', 0);
    const churning = state.startChurn(churn);

    let owedDownloads = 0;
    for (let h = 0; h < opts.hours; h++) {
      const hourStart = Date.now();
      const opens = share(OPENS, h, 8);
      const downloads = share(DOWNLOADS, h, 8) + owedDownloads;
      owedDownloads = 0;
      const toggleAt = TOGGLES.map((_, i) => Math.floor(((i + 1) * opens) / (TOGGLES.length + 1)));
      let downloadsDone = 0;
      for (let i = 0; i < opens; i++) {
        try {
          tally.collect();
          await agent.freshRows();
          const t = toggleAt.indexOf(i);
          if (t >= 0) await agent.toggle(TOGGLES[t]!);
          await agent.scroll(i, i === Math.floor(opens / 2));
          const wantDownload =
            Math.floor(((i + 1) * downloads) / opens) > Math.floor((i * downloads) / opens) ||
            downloads - downloadsDone > opens - i;
          const missed = await agent.episode(i, wantDownload && downloadsDone < downloads);
          if (wantDownload && !missed) downloadsDone++;
        } catch (error) {
          await agent.recover(error);
        }
        const due = hourStart + ((i + 1) * opts.hourMs) / opens;
        if (Date.now() < due) await sleep(due - Date.now());
      }
      owedDownloads = downloads - downloadsDone;
      await agent.freshRows().catch((error: unknown) => agent.recover(error));
      await checkpoint(`hour ${h + 1}`, h + 1);
    }

    churning.stop();
    await sleep(END_IDLE_MS);
    await agent.freshRows().catch((error: unknown) => agent.recover(error));
    await sleep(1000);
    await checkpoint('end', opts.hours + (Date.now() - stretchStart) / opts.hourMs);
    const fastClock = await readFastClock(page);
    await context.close();

    const results: SoakResults = {
      machine,
      command,
      startedAt: new Date(shiftStart).toISOString(),
      settings,
      fastClock,
      checkpoints,
      totals,
      consoleErrors,
      errors: agent.errors,
      verdicts: verdicts(checkpoints),
    };
    const files = await writeSoakReport(RESULTS_DIR, results);
    console.log('');
    for (const line of summaryLines(results)) console.log(line);
    console.log('');
    console.log(markdownTable(results));
    console.log('');
    console.log(verdictTable(results.verdicts));
    console.log('');
    console.log(`Wrote ${path.relative(ROOT, files.md)} and ${path.relative(ROOT, files.json)}`);
  } finally {
    for (const stop of cleanup.reverse()) await stop().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('The soak could not run:', error);
    process.exit(1);
  },
);
