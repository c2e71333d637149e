import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigSource, PageMessage } from '../../src/download-worker/protocol';
import { mountAppNotices } from '../../src/features/installed-app/app-notices';
import type { AppWorkerHandle } from '../../src/features/installed-app/app-worker-handle';

/**
 * The installed app's notices against a fake service worker: a new version is offered, never
 * started without the agent's Reload, waits for the old worker's downloads; the update checks'
 * pace; which config.json the app started with.
 */

const READY = 'A new version of Threadline is ready.';

class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  /** What the worker answers a config-source question with, on the question's port. */
  configSource: ConfigSource = { source: 'network' };
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: PageMessage, transfer: Transferable[] = []) {
    this.posted.push(message);
    if (message.type === 'config-source')
      (transfer[0] as MessagePort).postMessage(this.configSource);
  }
  setState(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeApp({ controlled = true, waiting = false } = {}) {
  const controller = controlled ? new FakeWorker('activated') : null;
  const container = Object.assign(new EventTarget(), { controller });
  const registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: waiting ? new FakeWorker('installed') : null,
    update: vi.fn(() => Promise.resolve()),
  });
  const reload = vi.fn();
  const handle = { container, registration, reload } as unknown as AppWorkerHandle;
  /** A new version is found and installs, as the browser reports it. */
  const installNewVersion = () => {
    const worker = new FakeWorker('installing');
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = worker;
    worker.setState('installed');
    return worker;
  };
  /** The page's controller changes to the new version. */
  const takeOver = () => {
    const next = registration.waiting ?? new FakeWorker('activated');
    registration.waiting = null;
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
  };
  return { handle, container, registration, reload, controller, installNewVersion, takeOver };
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

let unmount: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  unmount?.();
  unmount = undefined;
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'hidden');
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('a new version', () => {
  it('found while the tab is open is offered, and starts only when the agent chooses Reload', async () => {
    const app = fakeApp();
    unmount = mountAppNotices(app.handle);
    expect(screen.queryByText(READY)).toBeNull();

    const worker = app.installNewVersion();
    expect(screen.getByRole('status')).toHaveTextContent(READY);
    // Hours later, still the same page: it never reloads by itself.
    await vi.advanceTimersByTimeAsync(5 * 60 * 60_000);
    expect(app.reload).not.toHaveBeenCalled();
    expect(worker.posted).toEqual([]);

    screen.getByRole('button', { name: 'Reload' }).click();
    expect(worker.posted).toEqual([{ type: 'skip-waiting' }]);
    expect(screen.getByText('Starting the new version…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    app.takeOver();
    expect(app.reload).toHaveBeenCalledOnce();
  });

  it('waiting for the old worker to finish the downloads it sends, says so', async () => {
    const app = fakeApp({ waiting: true });
    unmount = mountAppNotices(app.handle);
    screen.getByRole('button', { name: 'Reload' }).click();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(
      screen.getByText(
        'The new version starts once your browser has received the downloads Threadline is sending it.',
      ),
    ).toBeInTheDocument();
    expect(app.reload).not.toHaveBeenCalled();
    app.takeOver();
    expect(app.reload).toHaveBeenCalledOnce();
  });

  it('when the agent stays (the page asked, a download runs in it), is offered again, and Reload then only reloads', () => {
    const app = fakeApp({ waiting: true });
    unmount = mountAppNotices(app.handle);
    screen.getByRole('button', { name: 'Reload' }).click();
    app.takeOver();
    expect(app.reload).toHaveBeenCalledOnce();
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(app.reload).toHaveBeenCalledTimes(2);
  });

  it('started by another tab is offered: this page runs the old one', () => {
    const app = fakeApp();
    unmount = mountAppNotices(app.handle);
    app.takeOver();
    expect(screen.getByText(READY)).toBeInTheDocument();
    expect(app.reload).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(app.reload).toHaveBeenCalledOnce();
  });

  it('replaced by a newer one before it took over: the newer one is offered', () => {
    const app = fakeApp({ waiting: true });
    unmount = mountAppNotices(app.handle);
    const first = app.registration.waiting!;
    screen.getByRole('button', { name: 'Reload' }).click();
    first.setState('redundant');
    const newer = app.installNewVersion();
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(newer.posted).toEqual([{ type: 'skip-waiting' }]);
  });

  it('is not offered to a page the worker does not control (loaded from the network: already the newest)', () => {
    const app = fakeApp({ controlled: false, waiting: true });
    unmount = mountAppNotices(app.handle);
    app.installNewVersion();
    expect(screen.queryByText(READY)).toBeNull();
    // Its first worker taking control is no new version either.
    app.takeOver();
    expect(screen.queryByText(READY)).toBeNull();
  });

  it('is not offered on a first visit where the worker takes the page over before it is reported installed (Firefox)', () => {
    const app = fakeApp({ controlled: false });
    const first = new FakeWorker('installing');
    app.registration.installing = first;
    unmount = mountAppNotices(app.handle);
    // Firefox's order, seen on `npm start`: the worker claims the page, then its states arrive.
    app.registration.installing = null;
    app.container.controller = first;
    app.container.dispatchEvent(new Event('controllerchange'));
    app.registration.dispatchEvent(new Event('updatefound'));
    first.setState('installed');
    first.setState('activating');
    first.setState('activated');
    expect(screen.queryByText(READY)).toBeNull();
    // A later version is still offered.
    app.installNewVersion();
    expect(screen.getByRole('status')).toHaveTextContent(READY);
  });
});

describe('update checks', () => {
  it('run when the tab becomes visible and every 10 minutes while it stays visible, never while hidden', async () => {
    const app = fakeApp();
    unmount = mountAppNotices(app.handle);
    const checks = () => app.registration.update.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(checks()).toBe(1);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(checks()).toBe(1);
    setHidden(false);
    expect(checks()).toBe(2);
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(checks()).toBe(4);
  });

  it('that fail (offline, the server down) wait for the next one, without an error', async () => {
    const app = fakeApp();
    app.registration.update.mockImplementation(() => Promise.reject(new TypeError('offline')));
    unmount = mountAppNotices(app.handle);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(app.registration.update).toHaveBeenCalledTimes(2);
  });
});

describe('the saved config.json', () => {
  const saved = (problem: Extract<ConfigSource, { source: 'saved' }>['problem']) =>
    ({ source: 'saved', savedAt: '2026-11-20T09:30:00.000Z', problem }) as const;

  it.each([
    [
      { reason: 'http', status: 500 } as const,
      "Threadline's settings (config.json) could not be loaded (HTTP 500)",
    ],
    [{ reason: 'invalid' } as const, "Threadline's settings (config.json) are not valid JSON"],
    [
      { reason: 'timeout' } as const,
      "Threadline's server did not send its settings (config.json) in time",
    ],
    [
      { reason: 'network' } as const,
      "Threadline's server could not be reached for its settings (config.json)",
    ],
  ])(
    'used instead of the server’s (%o) is named, with why, until dismissed',
    async (problem, why) => {
      const app = fakeApp();
      app.controller!.configSource = saved(problem);
      unmount = mountAppNotices(app.handle);
      vi.useRealTimers();
      const note = await screen.findByText(/Threadline started with the copy it saved on /);
      expect(note).toHaveTextContent(why);
      expect(app.controller!.posted).toEqual([{ type: 'config-source' }]);
      screen.getByRole('button', { name: 'Dismiss' }).click();
      expect(screen.queryByText(/Threadline started with the copy/)).toBeNull();
    },
  );

  it('is not mentioned when it is the server’s, nor offline (the app says it is offline)', async () => {
    const online = fakeApp();
    unmount = mountAppNotices(online.handle);
    const offline = fakeApp();
    offline.controller!.configSource = saved({ reason: 'network' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const unmountOffline = mountAppNotices(offline.handle);
    vi.useRealTimers();
    await waitFor(() => expect(offline.controller!.posted).toEqual([{ type: 'config-source' }]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Threadline started with the copy/)).toBeNull();
    unmountOffline();
  });
});
