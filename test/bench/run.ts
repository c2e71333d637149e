/**
 * `npm run bench`: builds the app, serves it and the baseline pages from a tiny static server,
 * runs the service double in-process (benchmark mode, 10,000 conversations) and drives Chromium
 * with Playwright to measure every figure of the performance issue in one run, each the median of
 * several samples. Prints a Markdown table and writes bench-results/latest.{json,md}.
 *
 * A benchmark, not a test: missed targets do not fail it; only a broken setup does (exit 1).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright';
import { startServiceDouble } from '../../service-double/index';
import type { RunningServiceDouble } from '../../service-double/index';
import { parseArgs } from './args';
import type { MetricGroup } from './args';
import { launchBrowser } from './browser';
import type { Session } from './browser';
import { buildApp, ROOT } from './build';
import { describeMachine, machineLine } from './machine';
import { measureBundle } from './measure-bundle';
import { addBenchAttachment, DOWNLOAD_MB, measureDownload } from './measure-download';
import { measureFirstRow } from './measure-first-row';
import { measurePoll, POLL_INTERVAL_MS } from './measure-poll';
import { measureScroll } from './measure-scroll';
import { buildRows, markdownTable, samplesLine, writeReport } from './report';
import type { BenchResults } from './report';
import { startStaticServer } from './static-server';
import type { StaticServer } from './static-server';

const CONVERSATIONS = 10_000;
const RESULTS_DIR = path.join(ROOT, 'bench-results');
const PAGES_DIR = path.join(import.meta.dirname, 'pages');

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  console.log(`▸ ${label}…`);
  const result = await work();
  console.log(`  done in ${seconds(started)}`);
  return result;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const wants = (group: MetricGroup) => args.only.has(group);
  const started = performance.now();

  const distDir = await step('vite build', () => buildApp());
  const bundle = wants('bundle') ? await measureBundle(distDir) : undefined;
  if (bundle?.manifestMismatch) console.warn(`  warning: ${bundle.manifestMismatch}`);

  const token = `bench-${randomUUID()}`;
  let service: RunningServiceDouble | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  try {
    service = await startServiceDouble({
      port: 0,
      token,
      conversations: CONVERSATIONS,
      benchmark: true,
      basePath: '/api',
    });
    // The attachment must exist before the app first loads the conversation.
    const download = wants('download') ? addBenchAttachment(service) : undefined;
    const baseConfig = {
      serviceUrl: service.url,
      messagesPath: '/conversations/{id}/messages',
    };
    server = await startStaticServer({ distDir, pagesDir: PAGES_DIR, config: baseConfig });
    browser = await launchBrowser();
    const session: Session = { serviceUrl: service.url, token };
    const machine = describeMachine(browser.version());
    console.log(`Machine: ${machineLine(machine)}`);
    console.log(`App and baselines: ${server.origin}, service double: ${service.url}`);

    const results: BenchResults = {
      machine,
      startedAt: new Date().toISOString(),
      runs: args.runs,
      conversations: CONVERSATIONS,
      ...(bundle ? { bundle } : {}),
    };
    const { origin } = server;
    const { state } = service;
    const b = browser;
    /** A measurement that breaks is reported as n/a; only a broken setup stops the bench. */
    const attempt = async <T>(group: MetricGroup, label: string, work: () => Promise<T>) => {
      try {
        return await step(label, work);
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        console.error(`  ${group} failed: ${message}`);
        (results.errors ??= {})[group] = message;
        return undefined;
      }
    };
    if (wants('first-row')) {
      results.firstRow = await attempt('first-row', 'first row (app vs hand-written page)', () =>
        measureFirstRow(b, origin, session, args.runs),
      );
    }
    if (wants('scroll')) {
      results.scroll = await attempt(
        'scroll',
        'scrolling 10,000 conversations (app, baseline, floor)',
        () => measureScroll(b, origin, session, state, args.runs),
      );
    }
    if (download) {
      results.download = await attempt(
        'download',
        `${DOWNLOAD_MB} MB download (app, native, fetch)`,
        () => measureDownload(b, origin, session, state, download, args.runs),
      );
    }
    if (wants('poll')) {
      const pollRuns = Math.min(args.runs, 3);
      server.setConfig({ ...baseConfig, pollIntervalMs: POLL_INTERVAL_MS });
      results.poll = await attempt('poll', `freshness check (${pollRuns} samples)`, () =>
        measurePoll(b, origin, session, state, pollRuns),
      );
      server.setConfig(baseConfig);
    }

    const rows = buildRows(results);
    const files = await writeReport(RESULTS_DIR, results, rows);
    console.log('');
    console.log(`Machine: ${machineLine(machine)}`);
    console.log(`${samplesLine(results)} Total ${seconds(started)}.`);
    console.log('');
    console.log(markdownTable(rows));
    const notes = rows.filter((row) => row.note);
    if (notes.length > 0) {
      console.log('');
      for (const row of notes) console.log(`- ${row.metric}: ${row.note!}`);
    }
    console.log('');
    console.log(`Wrote ${path.relative(ROOT, files.md)} and ${path.relative(ROOT, files.json)}`);
  } finally {
    await browser?.close();
    await server?.close();
    await service?.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('The benchmark could not run:', error);
    process.exit(1);
  },
);
