/** The soak's table, verdicts and files (soak-results/latest.{md,json}). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MachineInfo } from '../bench/machine';
import { machineLine } from '../bench/machine';
import { MIB } from '../bench/stats';
import type { PageFigures } from './checkpoint';
import type { FastClockProbe } from './fast-clock';
import type { RequestCounts } from './requests';
import { listGets } from './requests';

export const HEAP_GROWTH_LIMIT_MIB = 10;
/** List requests may exceed what polls and loaded pages explain by this share. */
export const STORM_MARGIN = 0.2;

export interface Activity {
  opened: number;
  downloads: number;
  zips: number;
  downloadedBytes: number;
  bannerClicks: number;
  freshMerged: number;
  filterChanges: number;
  escapeFallbacks: number;
  errors: number;
}

export interface Checkpoint {
  label: string;
  /** Simulated hours since the start of the shift. */
  simHours: number;
  /** Real seconds since the start checkpoint. */
  realSeconds: number;
  page: PageFigures;
  /** Requests since the previous checkpoint, and how long that stretch was (real ms). */
  requests: RequestCounts;
  stretchMs: number;
  /** Polls the interval explains in the stretch (stretchMs / real poll interval). */
  expectedPolls: number;
  filterChanges: number;
  activity: Activity;
  double: { conversations: number; added: number; touches: number };
}

export interface SoakSettings {
  hours: number;
  hourMs: number;
  factor: number;
  pollIntervalMs: number;
  realPollMs: number;
  conversations: number;
  targets: { opens: number; downloads: number };
  churn: { everyMs: number; add: number; update: number; statusChangeRate: number };
}

export interface SoakResults {
  machine: MachineInfo;
  command: string;
  startedAt: string;
  settings: SoakSettings;
  fastClock?: FastClockProbe | undefined;
  checkpoints: Checkpoint[];
  totals: RequestCounts;
  consoleErrors: string[];
  errors: string[];
  verdicts: Verdict[];
}

export interface Verdict {
  target: string;
  measured: string;
  met: boolean;
}

const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const signedMib = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mib(Math.abs(bytes))}`;
const perMinute = (count: number, ms: number) => (ms > 0 ? (count * 60_000) / ms : 0);

/** List GETs that polls, filter changes (a first page each) and pages loaded explain. */
export function explainedBase(c: Checkpoint): number {
  return c.expectedPolls + c.filterChanges + c.requests.listNextDistinct;
}

/** The same with the margin: more than this in a stretch is a storm. */
export function explainedListGets(c: Checkpoint): number {
  return explainedBase(c) * (1 + STORM_MARGIN);
}

function simClock(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

export function verdicts(checkpoints: readonly Checkpoint[]): Verdict[] {
  const start = checkpoints[0]!;
  const end = checkpoints.at(-1)!;
  const growth = end.page.heapUsed - start.page.heapUsed;
  const duplicates = checkpoints.reduce(
    (sum, c) => sum + c.page.renderedDuplicates.length + c.page.sweptDuplicates.length,
    0,
  );
  const stretches = checkpoints.slice(1);
  const storms = stretches.filter((c) => listGets(c.requests) > explainedListGets(c));
  const worst = stretches.reduce(
    (top, c) => Math.max(top, listGets(c.requests) / Math.max(1, explainedBase(c))),
    0,
  );
  return [
    {
      target: `JS heap after GC grows < ${HEAP_GROWTH_LIMIT_MIB} MiB over the shift (start → end)`,
      measured: `${mib(start.page.heapUsed)} → ${mib(end.page.heapUsed)} (${signedMib(growth)})`,
      met: growth < HEAP_GROWTH_LIMIT_MIB * MIB,
    },
    {
      target: 'No conversation shown twice (rendered rows and a sweep of the whole loaded list)',
      measured: `${duplicates} duplicate(s) in ${checkpoints.length} checkpoints`,
      met: duplicates === 0,
    },
    {
      target: `No request storm: list GETs per stretch ≤ (polls + filter changes + pages loaded) × ${1 + STORM_MARGIN}`,
      measured: `${storms.length} of ${stretches.length} stretches over; worst ${worst.toFixed(2)}× of what is explained`,
      met: storms.length === 0,
    },
  ];
}

export function markdownTable(results: SoakResults): string {
  const start = results.checkpoints[0]!;
  const header = [
    'checkpoint',
    'shift time',
    'real s',
    'JS heap after GC',
    'Δ heap',
    'DOM elements',
    'rows loaded',
    'dupes',
    'list GETs (first + next)',
    'list GETs / min',
    'explained / min',
    'messages GETs',
    'attachment GETs',
    'opened',
    'downloads (zips)',
    'fresh merged',
  ];
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const c of results.checkpoints) {
    const first = c === start;
    const r = c.requests;
    lines.push(
      `| ${[
        c.label,
        simClock(c.simHours),
        c.realSeconds.toFixed(0),
        mib(c.page.heapUsed),
        first ? '—' : signedMib(c.page.heapUsed - start.page.heapUsed),
        c.page.domElements,
        c.page.swept,
        c.page.renderedDuplicates.length + c.page.sweptDuplicates.length,
        first ? '—' : `${listGets(r)} (${r.listFirst} + ${r.listNext})`,
        first ? '—' : perMinute(listGets(r), c.stretchMs).toFixed(0),
        first ? '—' : perMinute(explainedListGets(c), c.stretchMs).toFixed(0),
        first ? '—' : r.messages,
        first ? '—' : r.attachments,
        c.activity.opened,
        `${c.activity.downloads} (${c.activity.zips})`,
        c.activity.freshMerged,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

export function verdictTable(list: readonly Verdict[]): string {
  return [
    '| target | measured | met? |',
    '| --- | --- | --- |',
    ...list.map((v) => `| ${v.target} | ${v.measured} | ${v.met ? 'met' : 'missed'} |`),
  ].join('\n');
}

export function summaryLines(results: SoakResults): string[] {
  const s = results.settings;
  const end = results.checkpoints.at(-1)!;
  const t = results.totals;
  const clock = results.fastClock
    ? Object.entries(results.fastClock.scaled)
        .map(([timer, count]) => `${timer} ms ×${count}`)
        .join(', ')
    : 'not seen';
  return [
    `Command: \`${results.command}\``,
    `Machine: ${machineLine(results.machine)}`,
    `Shift: ${s.hours} h simulated, 1 h = ${(s.hourMs / 1000).toFixed(0)} s real (fast clock ×${s.factor.toFixed(1)}); ` +
      `config.json pollIntervalMs ${s.pollIntervalMs} (= a first-page check every ${s.realPollMs.toFixed(0)} ms real); ` +
      `scaled timers: ${clock}.`,
    `Double: ${s.conversations.toLocaleString('en-US')} conversations at the start, ${end.double.conversations.toLocaleString('en-US')} at the end ` +
      `(churn every ${s.churn.everyMs} ms: +${s.churn.add} new, ${s.churn.update} updated, ${Math.round(s.churn.statusChangeRate * 100)} % of updates change status; ` +
      `${end.double.added} added, ${end.double.touches} updated in all).`,
    `Agent: ${end.activity.opened} conversations opened and closed (target ${s.targets.opens}), ` +
      `${end.activity.downloads} downloads saved (target ${s.targets.downloads}; ${end.activity.zips} of them Download all, ${(end.activity.downloadedBytes / 1024).toFixed(0)} KiB), ` +
      `${end.activity.filterChanges} filter changes, "Show N new or updated" clicked ${end.activity.bannerClicks} times (${end.activity.freshMerged} rows merged), ` +
      `Esc that did not close the pane: ${end.activity.escapeFallbacks}, steps that failed: ${end.activity.errors}.`,
    `Requests in all: ${listGets(t)} list GETs (${t.listFirst} first page, ${t.listNext} next page, ${t.listNext - t.listNextDistinct} of them a page asked again within its stretch), ` +
      `${t.messages} messages, ${t.attachments} attachments, ${t.preflights} preflights, ${t.failed} failed.`,
    `Console errors in the page: ${results.consoleErrors.length}.`,
  ];
}

export function markdownReport(results: SoakResults): string {
  const notes = results.errors.map((e) => `- ${e}`);
  return [
    '# Threadline soak: an 8-hour shift',
    '',
    ...summaryLines(results).map((line) => `${line}  `),
    '',
    markdownTable(results),
    '',
    verdictTable(results.verdicts),
    ...(notes.length > 0 ? ['', 'Steps that failed:', '', ...notes] : []),
    ...(results.consoleErrors.length > 0
      ? ['', 'Console errors:', '', ...results.consoleErrors.slice(0, 20).map((e) => `- ${e}`)]
      : []),
    '',
  ].join('\n');
}

export async function writeSoakReport(
  dir: string,
  results: SoakResults,
): Promise<{ md: string; json: string }> {
  await mkdir(dir, { recursive: true });
  const md = path.join(dir, 'latest.md');
  const json = path.join(dir, 'latest.json');
  await writeFile(md, markdownReport(results));
  await writeFile(json, `${JSON.stringify(results, null, 2)}\n`);
  return { md, json };
}
