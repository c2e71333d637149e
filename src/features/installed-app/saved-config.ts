import { formatExact } from '../../i18n/format';
import { t, type MessageId } from '../../i18n/translate';
import type { ConfigSource, PageMessage } from '../../download-worker/protocol';
import type { AppWorkerHandle } from './app-worker-handle';

export type SavedConfig = Extract<ConfigSource, { source: 'saved' }>;

/** The worker answers at once; one that does not (an older version) is not waited for. */
const ANSWER_TIMEOUT_MS = 5_000;

function isSaved(data: unknown): data is SavedConfig {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === 'saved' &&
    typeof (data as { problem?: unknown }).problem === 'object'
  );
}

/**
 * The saved copy of config.json this page started with, when the worker gave it one because the
 * server's was missing, broken or out of reach (src/download-worker/config-copy.ts); else null.
 */
export function askSavedConfig(
  container: AppWorkerHandle['container'],
): Promise<SavedConfig | null> {
  const worker = container.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const done = (answer: SavedConfig | null) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) =>
      done(isSaved(event.data) ? event.data : null);
    worker.postMessage({ type: 'config-source' } satisfies PageMessage, [channel.port2]);
  });
}

const PROBLEM_TEXT: Record<SavedConfig['problem']['reason'], MessageId> = {
  network: 'installed.configUnreachable',
  timeout: 'installed.configTimeout',
  http: 'installed.configHttp',
  invalid: 'installed.configInvalid',
};

/** What the agent (or whoever looks after the deployment) is told about the saved copy. */
export function savedConfigText({ savedAt, problem }: SavedConfig): string {
  const saved = new Date(savedAt).getTime();
  const why = t(PROBLEM_TEXT[problem.reason], {
    status: problem.reason === 'http' ? String(problem.status) : '',
  });
  const copy = Number.isNaN(saved)
    ? t('installed.configCopyEarlier')
    : t('installed.configCopyOn', { date: formatExact(saved) });
  return `${why} ${copy}`;
}
