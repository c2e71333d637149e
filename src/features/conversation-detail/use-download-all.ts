import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import type { MessagePage } from '../../api/messages';
import { useSession, useSessionContext } from '../../lib/session-context';
import { announce } from '../../ui/live-region';
import {
  canRetryDownloadAll,
  downloadAllMessage,
  toDownloadAllFailure,
} from './download-all-failure';
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  PROGRESS_INTERVAL_MS,
  type DownloadOptions,
} from './download-settings';
import { formatBytes } from './format-bytes';
import { throttleProgress } from './throttle-progress';
import { planZip, zipFileName } from './zip-plan';
import type { ZipProgress } from './zip-sources';

export type DownloadAllState =
  | { phase: 'idle' }
  | { phase: 'loading-messages' }
  | { phase: 'running'; progress: ZipProgress }
  | { phase: 'saved'; fileName: string; files: number; size: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string; canRetry: boolean };

/** Files left out of the zip, by the name the sender gave them. */
export interface DownloadAllNotes {
  /** Not on the service: never requested. */
  foreign: string[];
  /** The service no longer has them (404/410). */
  gone: string[];
}

const NO_NOTES: DownloadAllNotes = { foreign: [], gone: [] };

export interface UseDownloadAllOptions {
  conversationId: number;
  pages: MessagePage[];
  hasNextPage: boolean;
  /** Loads every remaining message page; resolves with all pages. */
  loadAllPages: () => Promise<MessagePage[]>;
  downloadOptions?: Partial<DownloadOptions> | undefined;
}

/**
 * One "Download all" at a time: load the remaining messages if there are any, plan the zip (origin
 * guard, unique safe names), then run the zip engine (loaded on demand) with throttled progress.
 * A 401 ends the session; unmounting (closing the pane, signing out) cancels.
 */
export function useDownloadAll({
  conversationId,
  pages,
  hasNextPage,
  loadAllPages,
  downloadOptions = {},
}: UseDownloadAllOptions) {
  const session = useSession();
  const { signOut } = useSessionContext();
  const [state, setState] = useState<DownloadAllState>({ phase: 'idle' });
  const [notes, setNotes] = useState<DownloadAllNotes>(NO_NOTES);
  const running = useRef<AbortController | null>(null);
  const { stallTimeoutMs, revokeDelayMs } = { ...DEFAULT_DOWNLOAD_OPTIONS, ...downloadOptions };

  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (controller: AbortController) => {
      const current = () => running.current === controller && !controller.signal.aborted;
      let allPages = pages;
      if (hasNextPage) {
        setState({ phase: 'loading-messages' });
        try {
          allPages = await loadAllPages();
        } catch (error) {
          if (!current()) return;
          running.current = null;
          setState({
            phase: 'failed',
            message: `The rest of the messages could not be loaded, so nothing was downloaded. ${describeError(error)}`,
            canRetry: true,
          });
          return;
        }
        if (!current()) return;
      }

      const plan = planZip(
        allPages.flatMap((page) => page.messages),
        session.serviceUrl,
      );
      setNotes({ foreign: plan.foreign, gone: [] });
      if (plan.entries.length === 0) {
        running.current = null;
        setState({
          phase: 'failed',
          message: 'None of these attachments is on your service, so nothing was downloaded.',
          canRetry: false,
        });
        return;
      }
      const fileName = zipFileName(conversationId);
      const files = plan.entries.length;
      setState({ phase: 'running', progress: { received: 0, total: undefined, file: 0, files } });
      const progress = throttleProgress<ZipProgress>((next) => {
        if (current()) setState({ phase: 'running', progress: next });
      }, PROGRESS_INTERVAL_MS);

      try {
        const { runDownloadAll } = await import('./zip-download');
        if (!current()) return;
        const result = await runDownloadAll({
          entries: plan.entries,
          token: session.token,
          fileName,
          signal: controller.signal,
          onProgress: progress.report,
          onSkip: (entry) => {
            if (current()) setNotes((last) => ({ ...last, gone: [...last.gone, entry.shownName] }));
          },
          options: { stallTimeoutMs, revokeDelayMs },
        });
        progress.stop();
        if (!current()) return;
        running.current = null;
        setState({ phase: 'saved', fileName, files: result.files, size: result.size });
        announce(
          `All attachments saved: ${fileName}, ${result.files} files, ${formatBytes(result.size)}.`,
        );
      } catch (error) {
        progress.stop();
        if (running.current !== controller) return;
        running.current = null;
        const failure = toDownloadAllFailure(error);
        if (failure.failure.kind === 'unauthorized') {
          signOut('expired');
          return;
        }
        if (failure.failure.kind === 'cancelled') {
          setState({ phase: 'cancelled' });
          return;
        }
        setState({
          phase: 'failed',
          message: downloadAllMessage(failure),
          canRetry: canRetryDownloadAll(failure),
        });
      }
    },
    [
      pages,
      hasNextPage,
      loadAllPages,
      session,
      conversationId,
      stallTimeoutMs,
      revokeDelayMs,
      signOut,
    ],
  );

  const start = useCallback(() => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setNotes(NO_NOTES);
    void run(controller);
  }, [run]);

  /** Stops at once: every request is aborted, the zip stream errored, nothing kept. */
  const cancel = useCallback(() => {
    const controller = running.current;
    if (!controller) return;
    running.current = null;
    controller.abort();
    setState({ phase: 'cancelled' });
  }, []);

  return { state, notes, start, cancel };
}
