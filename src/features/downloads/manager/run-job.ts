import { announce } from '../../../ui/live-region';
import { guardLeaving } from './leave-guard';
import {
  findEntry,
  isActive,
  type DownloadEntry,
  type DownloadJob,
  type DownloadManager,
} from './download-manager';

/** How a job ended badly; `unauthorized` ends the session, `cancelled` is said without a message. */
export class JobFailed extends Error {
  constructor(
    readonly outcome: 'unauthorized' | 'cancelled' | 'failed',
    message: string,
    readonly canRetry: boolean,
  ) {
    super(message);
  }
}

/** Starts a job, unless the same download is already under way (a second click is a no-op). */
export function startDownload(manager: DownloadManager, job: DownloadJob): void {
  const current = findEntry(manager, job.key);
  if (current && isActive(current)) return;
  guardLeaving(manager);
  const controller = new AbortController();
  manager.jobs.set(job.key, { job, controller });
  const { key, kind, name, conversationId } = job;
  const entry: DownloadEntry = {
    key,
    kind,
    name,
    conversationId,
    phase: 'running',
    received: 0,
    total: undefined,
  };
  manager.replace([entry, ...manager.getSnapshot().filter((other) => other.key !== key)]);
  // A job that was cancelled, or replaced by a Retry, or whose session ended, reports nothing.
  const mine = () => manager.jobs.get(key)?.controller === controller && !controller.signal.aborted;
  const end = () => {
    manager.jobs.get(key)!.controller = null;
  };

  job
    .run({ signal: controller.signal, update: (update) => mine() && manager.set(key, update) })
    .then(
      (done) => {
        if (!mine()) return;
        end();
        const last = findEntry(manager, key);
        manager.set(key, {
          phase: done.phase,
          received: done.size ?? last?.received ?? 0,
          total: done.size ?? last?.total,
          files: done.files ?? last?.files,
        });
        announce(done.announcement);
      },
      (error: unknown) => {
        if (!mine()) return;
        end();
        const failed =
          error instanceof JobFailed
            ? error
            : new JobFailed('failed', 'The download failed.', true);
        if (failed.outcome === 'cancelled') {
          manager.set(key, { phase: 'cancelled' });
          return;
        }
        manager.set(key, { phase: 'failed', message: failed.message, canRetry: failed.canRetry });
        if (failed.outcome === 'unauthorized') job.onUnauthorized();
        else announce(`Download failed: ${name}. ${failed.message}`);
      },
    );
}

/** Drops every entry that has ended (the panel's "Clear finished"). */
export function clearFinished(manager: DownloadManager): void {
  const kept = manager.active();
  for (const key of manager.jobs.keys()) {
    if (!kept.some((entry) => entry.key === key)) manager.jobs.delete(key);
  }
  manager.replace(kept);
}

/** Runs a failed or cancelled download's job again. */
export function retryDownload(manager: DownloadManager, key: string): void {
  const known = manager.jobs.get(key);
  if (known) startDownload(manager, known.job);
}
