import type { Browser, Locator, Page } from 'playwright';
import {
  firstRowSeen,
  newBenchContext,
  PROBE_SIGNAL,
  ROW_SELECTOR,
  waitForReactElement,
} from './browser';
import type { Session } from './browser';
import { max, median, sleep } from './stats';
import type { Throttling } from './throttle';

/**
 * The interaction session: an agent's few minutes on the inbox, scripted (j ×10, Enter, Esc, row
 * clicks, status filters, a deep scroll and a click there, the shortcut help, the downloads
 * panel), with every interaction's latency read from the page's Event Timing entries the way INP
 * reads them, and how long each conversation took to open.
 */

/** Event Timing reports nothing shorter (16 ms is the smallest threshold the API accepts). */
export const EVENT_THRESHOLD_MS = 16;

/**
 * What the probe logs (browser.ts, PROBE_SIGNAL) once the frame after each key's release or
 * pointer's release has been painted: one per interaction the script performs, whatever its
 * duration.
 */
const INPUT_PAINTED = 'input-painted';

export interface Interaction {
  /** "keydown j", "click row #123", "click checkbox Open". */
  name: string;
  /** The longest event of the interaction: input to the next paint after its handlers ran. */
  durationMs: number;
  startMs: number;
}

export interface Opening {
  /** "Enter" or "click". */
  how: string;
  conversationId: number;
  /** From the input event to the frame after the one that drew the pane's heading. */
  ms: number;
}

export interface InteractionSession {
  /** Interactions the script performed (keys pressed, clicks). */
  scripted: number;
  /** Interactions of 16 ms or more, the longest event of each. */
  observed: Interaction[];
  overThreshold: number;
  /** 98th percentile over every scripted interaction; those not observed were under 16 ms. */
  p98Ms: number;
  worst: Interaction | undefined;
  openings: Opening[];
  /** Position in the list of the row clicked after the deep scroll (1 is the first). */
  deepPosition: number;
}

export interface InteractionResult {
  sessions: InteractionSession[];
  p98Median: number;
  overThresholdMedian: number;
  scriptedMedian: number;
  /** The worst interaction of all sessions. */
  worst: Interaction | undefined;
  worstMedianMs: number;
  openingMedian: number;
  openings: number;
}

interface ProbeWindow extends Window {
  __benchInteractions?: { read: () => Interaction[] };
  __benchOpening?: Promise<{ inputAt: number; shownAt: number }>;
}

/**
 * Runs in the page before its scripts (self-contained: Playwright serialises it). Keeps the
 * longest event of each interaction (events sharing an interactionId: keydown and keyup, or
 * pointerdown, pointerup and click), named by its key or by what it hit.
 */
function installInteractionProbe({
  threshold,
  signal,
}: {
  threshold: number;
  signal: string;
}): void {
  if (window.top !== window) return;
  // Event Timing does not say which key: the key events' time stamps are the entries' start times.
  const keys: { at: number; key: string }[] = [];
  for (const type of ['keydown', 'keyup']) {
    addEventListener(
      type,
      (event) => keys.push({ at: event.timeStamp, key: (event as KeyboardEvent).key }),
      {
        capture: true,
      },
    );
  }
  // An interaction ends with its key's or pointer's release; its handlers have run once the next
  // frame's callbacks do, and that frame has been painted once a task queued from them runs.
  for (const type of ['keyup', 'pointerup']) {
    addEventListener(
      type,
      () =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => console.debug(signal);
          channel.port2.postMessage(null);
        }),
      { capture: true },
    );
  }
  const describe = (node: Node | null): string => {
    const element = node instanceof Element ? node : node?.parentElement;
    if (!element || element === document.body || element === document.documentElement)
      return 'page';
    const row = element.closest('[data-conversation-id]');
    if (row) return `row #${row.getAttribute('data-conversation-id')}`;
    const label = (target: Element) =>
      (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
    if (element instanceof HTMLInputElement) {
      const text = element.labels?.[0]?.textContent?.trim() ?? element.name;
      return `${element.type} ${text}`.trim();
    }
    const control = element.closest('button, a, summary, label');
    if (control) return `${control.tagName.toLowerCase()} "${label(control)}"`;
    const dialog = element.closest('dialog, [role="dialog"]');
    if (dialog) return 'dialog';
    const id = element.id ? `#${element.id}` : '';
    const className = element.classList[0] ? `.${element.classList[0]}` : '';
    return `${element.tagName.toLowerCase()}${id}${className}`;
  };
  const interactions = new Map<number, Interaction>();
  // TypeScript's DOM types do not have interactionId yet.
  type EventEntry = PerformanceEventTiming & { interactionId?: number };
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries as EventEntry[]) {
      if (!entry.interactionId) continue;
      const known = interactions.get(entry.interactionId);
      if (known && known.durationMs >= entry.duration) continue;
      const byKey = entry.name.startsWith('key');
      const key = byKey
        ? keys.find(({ at }) => Math.abs(at - entry.startTime) < 1)?.key
        : undefined;
      const target = describe(entry.target);
      // A key's target tells the Escapes apart (a pane's, the help's, the downloads panel's).
      const keyName = key === ' ' ? 'Space' : key;
      const what =
        key === undefined ? target : target === 'page' ? keyName : `${keyName} (${target})`;
      // Named as the agent did it, whichever of its events (keyup, pointerdown…) took longest.
      interactions.set(entry.interactionId, {
        name: `${byKey ? 'keydown' : 'click'} ${what}`,
        durationMs: entry.duration,
        startMs: entry.startTime,
      });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  let supported = true;
  try {
    // durationThreshold is missing from TypeScript's PerformanceObserverInit too.
    observer.observe({
      type: 'event',
      durationThreshold: threshold,
      buffered: true,
    } as PerformanceObserverInit);
  } catch {
    supported = false;
  }
  (window as ProbeWindow).__benchInteractions = {
    read: () => {
      // Without Event Timing every interaction would read as fast: no figure rather than that.
      if (!supported) throw new Error('This browser has no Event Timing');
      record(observer.takeRecords());
      return [...interactions.values()];
    },
  };
}

/**
 * Runs in the page before the key or click that opens conversation `id`: resolves with the
 * input's time stamp and the paint of the pane's "Conversation #id" heading (Element Timing, the
 * attribute added as the heading enters the page, before a frame can draw it). The pane is
 * closed between openings, so every heading is a new element with its first paint to report.
 */
function expectOpening(id: number): void {
  const heading = `Conversation #${id}`;
  const identifier = `bench-opening-${id}-${performance.now()}`;
  (window as ProbeWindow).__benchOpening = new Promise((resolve) => {
    let inputAt: number | undefined;
    const onInput = (event: Event) => {
      inputAt ??= event.timeStamp;
      removeEventListener('keydown', onInput, true);
      removeEventListener('pointerdown', onInput, true);
    };
    addEventListener('keydown', onInput, true);
    addEventListener('pointerdown', onInput, true);
    const paints = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string })[]) {
        if (entry.identifier !== identifier || inputAt === undefined) continue;
        paints.disconnect();
        resolve({ inputAt, shownAt: entry.startTime });
      }
    });
    paints.observe({ type: 'element' });
    // Nothing here may read layout (checkVisibility, sizes): in the middle of the app's commit it
    // would force one, inside the time measured. A heading not shown is never painted, so it
    // reports nothing.
    const observer = new MutationObserver(() => {
      if (inputAt === undefined) return;
      const shown = Array.from(document.querySelectorAll('h2')).find(
        (element) => element.textContent?.trim() === heading,
      );
      if (!shown) return;
      observer.disconnect();
      shown.setAttribute('elementtiming', identifier);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Nearest-rank percentile over `count` interactions, of which `observed` are the known ones. */
export function percentileOf(observed: readonly number[], count: number, p: number): number {
  const all = [...observed].sort((a, b) => a - b);
  // The rest took under the threshold: they count, as zeros, towards the rank.
  const total = Math.max(count, all.length);
  const rank = Math.ceil((p / 100) * total);
  const index = rank - 1 - (total - all.length);
  return index >= 0 ? all[index]! : 0;
}

const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );

const activeRowId = (page: Page) =>
  page.evaluate(() =>
    Number(
      document.activeElement
        ?.closest('[data-conversation-id]')
        ?.getAttribute('data-conversation-id') ?? Number.NaN,
    ),
  );

/** Conversation ids of the rows inside the scroller's visible area, top to bottom. */
const visibleRowIds = (page: Page) =>
  page.evaluate((rowSelector) => {
    const scroller = document.querySelector('[data-testid="conversation-scroller"]');
    if (!scroller) return [];
    const view = scroller.getBoundingClientRect();
    return Array.from(document.querySelectorAll(rowSelector))
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= view.top && box.bottom <= view.bottom && box.height > 0;
      })
      .map((row) => Number(row.getAttribute('data-conversation-id')));
  }, ROW_SELECTOR);

/** Until the first rows stay the same for a moment: a filter's new page has replaced the old. */
async function rowsSettled(page: Page, allowed: readonly string[] | null): Promise<void> {
  let last = '';
  let since = Date.now();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const snapshot = await page.evaluate(
      ({ rowSelector, allowed }) => {
        const rows = Array.from(document.querySelectorAll(rowSelector)).slice(0, 8);
        const fits = rows.every((row) => {
          const status = row.querySelector('.status-badge')?.textContent?.trim() ?? '';
          return !allowed || allowed.includes(status);
        });
        return rows.length > 0 && fits
          ? rows.map((row) => row.getAttribute('data-conversation-id')).join()
          : '';
      },
      { rowSelector: ROW_SELECTOR, allowed },
    );
    if (snapshot !== last) {
      last = snapshot;
      since = Date.now();
    } else if (snapshot !== '' && Date.now() - since >= 300) return;
    await sleep(50);
  }
  throw new Error(`The list did not settle on ${allowed?.join(' + ') ?? 'every status'}`);
}

const paneHeadingGone = (page: Page) =>
  page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('h2')).some((h) =>
        h.textContent?.startsWith('Conversation #'),
      ),
    undefined,
    { polling: 20, timeout: 20_000 },
  );

/**
 * Counts the probe's input-painted signals as they come (over the DevTools protocol, nothing run
 * in the page); `next()` resolves with the first one after those counted so far.
 */
function watchInputsPainted(page: Page) {
  let seen = 0;
  const waiting = new Set<{ target: number; resolve: () => void }>();
  page.on('console', (message) => {
    if (message.text() !== PROBE_SIGNAL + INPUT_PAINTED) return;
    seen++;
    for (const waiter of waiting) if (seen >= waiter.target) waiter.resolve();
  });
  return {
    next(): Promise<void> {
      const painted = new Promise<void>((resolve, reject) => {
        const waiter = {
          target: seen + 1,
          resolve: () => {
            clearTimeout(timer);
            waiting.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error('No frame was painted after an input within 20 s'));
        }, 20_000);
        waiting.add(waiter);
      });
      // Taken before the input: if the input fails, its error is the one to report.
      painted.catch(() => undefined);
      return painted;
    },
  };
}

/** Drives one session; returns how many interactions it performed and the openings it timed. */
async function runSession(
  page: Page,
): Promise<{ scripted: number; openings: Opening[]; deepPosition: number }> {
  let scripted = 0;
  const openings: Opening[] = [];
  const inputsPainted = watchInputsPainted(page);
  /** One interaction, then what it should have shown, then two frames so the next is separate. */
  const act = async (input: () => Promise<void>, outcome: () => Promise<unknown>) => {
    // Checking the outcome runs script in the page; until the input's frame has been painted it
    // would run inside the time measured.
    const painted = inputsPainted.next();
    await input();
    scripted++;
    await painted;
    await outcome();
    await nextFrames(page);
  };
  const open = async (how: string, conversationId: number, input: () => Promise<void>) => {
    await page.evaluate(expectOpening, conversationId);
    await act(input, async () => {
      const { inputAt, shownAt } = await page.evaluate(
        () => (window as ProbeWindow).__benchOpening!,
      );
      openings.push({ how, conversationId, ms: shownAt - inputAt });
    });
  };
  const clickRow = (id: number) => (): Promise<void> =>
    page.locator(`${ROW_SELECTOR}[data-conversation-id="${id}"]`).click();
  const press = (key: string) => () => page.keyboard.press(key);

  for (let i = 0; i < 10; i++) {
    const before = await activeRowId(page);
    await act(press('j'), () =>
      page.waitForFunction(
        (previous) => {
          const id = Number(
            document.activeElement
              ?.closest('[data-conversation-id]')
              ?.getAttribute('data-conversation-id') ?? Number.NaN,
          );
          return !Number.isNaN(id) && id !== previous;
        },
        before,
        { polling: 20, timeout: 20_000 },
      ),
    );
  }
  await open('Enter', await activeRowId(page), press('Enter'));
  await act(press('Escape'), () => paneHeadingGone(page));

  const visible = await visibleRowIds(page);
  for (const id of [visible[2], visible[5], visible[8]].filter((id) => id !== undefined)) {
    await open('click', id, clickRow(id));
    await act(press('Escape'), () => paneHeadingGone(page));
  }

  const checkbox = (name: string): Locator => page.getByRole('checkbox', { name, exact: true });
  const filters: [toggle: string, shows: string[] | null][] = [
    ['Open', ['Open']],
    ['Pending', ['Open', 'Pending']],
    ['Open', ['Pending']],
    ['Pending', null],
  ];
  for (const [toggle, shows] of filters) {
    await act(
      () => checkbox(toggle).click(),
      () => rowsSettled(page, shows),
    );
  }

  // Deep into the list: wheel turns (not interactions, as for INP) until many pages are loaded.
  const scroller = page.getByTestId('conversation-scroller');
  const box = await scroller.boundingBox();
  if (!box) throw new Error('The conversation list is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 30; i++) {
    await page.mouse.wheel(0, 2_000);
    await nextFrames(page);
  }
  await rowsSettled(page, null);
  const deep = await visibleRowIds(page);
  const deepId = deep[Math.floor(deep.length / 2)];
  if (deepId === undefined) throw new Error('No row on screen after scrolling');
  const deepPosition = await page
    .locator(`li:has(> [data-conversation-id="${deepId}"])`)
    .getAttribute('aria-posinset');
  await open('click', deepId, clickRow(deepId));
  await act(press('Escape'), () => paneHeadingGone(page));

  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await act(press('?'), () => help.waitFor({ state: 'visible' }));
  await act(press('Escape'), () => help.waitFor({ state: 'hidden' }));
  const downloads = page.getByRole('region', { name: 'Downloads' });
  await act(press('d'), () => downloads.waitFor({ state: 'visible' }));
  await act(press('Escape'), () => downloads.waitFor({ state: 'hidden' }));
  return { scripted, openings, deepPosition: Number(deepPosition) };
}

async function sessionSample(
  browser: Browser,
  origin: string,
  session: Session,
  throttling: Throttling | undefined,
): Promise<InteractionSession> {
  const { context, page } = await newBenchContext(browser, origin, session, throttling);
  try {
    await context.addInitScript(installInteractionProbe, {
      threshold: EVENT_THRESHOLD_MS,
      signal: `${PROBE_SIGNAL}${INPUT_PAINTED}`,
    });
    const firstRow = firstRowSeen(page);
    await page.goto('/', { waitUntil: 'commit' });
    await firstRow;
    // The session starts on the app itself, not on the rows drawn before React took over.
    await waitForReactElement(page, '[data-testid="conversation-scroller"]');
    await page.waitForLoadState('networkidle');
    const { scripted, openings, deepPosition } = await runSession(page);
    await nextFrames(page);
    const observed = await page.evaluate(() => (window as ProbeWindow).__benchInteractions!.read());
    const durations = observed.map((interaction) => interaction.durationMs);
    const worst = observed.reduce<Interaction | undefined>(
      (longest, interaction) =>
        !longest || interaction.durationMs > longest.durationMs ? interaction : longest,
      undefined,
    );
    return {
      scripted,
      observed,
      overThreshold: durations.filter((ms) => ms > EVENT_THRESHOLD_MS).length,
      p98Ms: percentileOf(durations, scripted, 98),
      worst,
      openings,
      deepPosition,
    };
  } finally {
    await context.close();
  }
}

export async function measureInteractions(
  browser: Browser,
  origin: string,
  session: Session,
  runs: number,
  throttling?: Throttling,
): Promise<InteractionResult> {
  const sessions: InteractionSession[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await sessionSample(browser, origin, session, throttling);
    sessions.push(result);
    const worst = result.worst
      ? `worst ${result.worst.name} ${result.worst.durationMs} ms`
      : 'none over the threshold';
    console.log(
      `  session ${i + 1}/${runs}: p98 ${result.p98Ms} ms, ${result.overThreshold} of ${result.scripted} over ${EVENT_THRESHOLD_MS} ms, ${worst}; opening ${result.openings.map((o) => o.ms.toFixed(0)).join(', ')} ms; deep click on row ${result.deepPosition}`,
    );
  }
  const worsts = sessions.flatMap((s) => (s.worst ? [s.worst] : []));
  const openings = sessions.flatMap((s) => s.openings.map((o) => o.ms));
  return {
    sessions,
    p98Median: median(sessions.map((s) => s.p98Ms)),
    overThresholdMedian: median(sessions.map((s) => s.overThreshold)),
    scriptedMedian: median(sessions.map((s) => s.scripted)),
    worst: worsts.find((w) => w.durationMs === max(worsts.map((x) => x.durationMs))),
    worstMedianMs: median(sessions.map((s) => s.worst?.durationMs ?? 0)),
    openingMedian: median(openings),
    openings: openings.length,
  };
}
