import { describe, expect, it, vi } from 'vitest';
import {
  DownloadManager,
  findEntry,
  JobFailed,
  type DownloadJob,
  type JobContext,
  type JobDone,
} from '../../src/features/downloads/manager/download-manager';

/** A job the test ends by hand; records every run and its context. */
function manualJob(key = 'file:1:a') {
  const runs: {
    context: JobContext;
    resolve: (done: JobDone) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const job: DownloadJob = {
    key,
    kind: 'file',
    name: 'a.pdf',
    conversationId: 1,
    onUnauthorized: vi.fn(),
    run: (context) =>
      new Promise<JobDone>((resolve, reject) => runs.push({ context, resolve, reject })),
  };
  return { job, runs };
}

const saved: JobDone = { phase: 'saved', size: 10, announcement: 'Saved a.pdf.' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('DownloadManager', () => {
  it('runs a job once however often it is started while running, then records it saved', async () => {
    const manager = new DownloadManager();
    const { job, runs } = manualJob();
    const listener = vi.fn();
    manager.subscribe(listener);
    manager.start(job);
    manager.start(job);
    expect(runs).toHaveLength(1);
    expect(findEntry(manager, job.key)).toMatchObject({ phase: 'running', received: 0 });
    expect(manager.active()).toHaveLength(1);

    runs[0]!.context.update({ received: 4, total: 10 });
    expect(findEntry(manager, job.key)).toMatchObject({ received: 4, total: 10 });
    runs[0]!.resolve(saved);
    await flush();
    expect(findEntry(manager, job.key)).toMatchObject({ phase: 'saved', received: 10, total: 10 });
    expect(manager.active()).toHaveLength(0);
    expect(listener).toHaveBeenCalled();
  });

  it('cancels at once: the job sees its signal aborted and a late result is ignored', async () => {
    const manager = new DownloadManager();
    const { job, runs } = manualJob();
    manager.start(job);
    manager.cancel(job.key);
    expect(runs[0]!.context.signal.aborted).toBe(true);
    expect(findEntry(manager, job.key)?.phase).toBe('cancelled');
    runs[0]!.resolve(saved);
    runs[0]!.context.update({ received: 5 });
    await flush();
    expect(findEntry(manager, job.key)).toMatchObject({ phase: 'cancelled', received: 0 });
  });

  it('keeps a failure with its message, and Retry runs the same job again', async () => {
    const manager = new DownloadManager();
    const { job, runs } = manualJob();
    manager.start(job);
    runs[0]!.reject(new JobFailed('failed', 'The service could not send this file.', true));
    await flush();
    expect(findEntry(manager, job.key)).toMatchObject({
      phase: 'failed',
      message: 'The service could not send this file.',
      canRetry: true,
    });
    manager.retry(job.key);
    expect(runs).toHaveLength(2);
    expect(findEntry(manager, job.key)?.phase).toBe('running');
    expect(findEntry(manager, job.key)?.message).toBeUndefined();
  });

  it('ends the session on a 401 and forgets everything on reset', async () => {
    const manager = new DownloadManager();
    const first = manualJob('file:1:a');
    const second = manualJob('file:1:b');
    manager.start(first.job);
    manager.start(second.job);
    first.runs[0]!.reject(new JobFailed('unauthorized', 'Your session ended.', false));
    await flush();
    expect(first.job.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(second.job.onUnauthorized).not.toHaveBeenCalled();

    manager.reset();
    expect(second.runs[0]!.context.signal.aborted).toBe(true);
    expect(manager.getSnapshot()).toEqual([]);
  });

  it('lists newest first and clears only finished downloads', async () => {
    const manager = new DownloadManager();
    const first = manualJob('file:1:a');
    const second = manualJob('file:1:b');
    manager.start(first.job);
    manager.start(second.job);
    expect(manager.getSnapshot().map((entry) => entry.key)).toEqual(['file:1:b', 'file:1:a']);
    first.runs[0]!.resolve(saved);
    await flush();
    manager.clearFinished();
    expect(manager.getSnapshot().map((entry) => entry.key)).toEqual(['file:1:b']);
  });
});
