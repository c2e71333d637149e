import { useCallback, useEffect, useRef, useState } from 'react';
import type { Attachment } from '../../api/schemas';
import { useSession, useSessionContext } from '../../lib/session-context';
import { runDownload } from './download-engine';
import { DownloadFailure, isDownloadFailure } from './download-failure';
import type { DownloadProgress } from './download-progress';
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  PROGRESS_INTERVAL_MS,
  type DownloadOptions,
} from './download-settings';
import { resolveDownloadTarget } from './download-target';
import { throttleProgress } from './throttle-progress';

export type DownloadState =
  | { phase: 'idle' }
  | ({ phase: 'running' } & DownloadProgress)
  | { phase: 'saved'; size: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; failure: DownloadFailure };

export interface UseDownloadResult {
  state: DownloadState;
  /** From Content-Length once a download has seen it; never fetched just for display. */
  knownSize: number | undefined;
  start: () => void;
  cancel: () => void;
}

/**
 * One attachment's download: origin guard, then the engine, with throttled progress. A 401 ends
 * the session (back to sign-in). Unmounting (closing the pane, signing out) cancels the download.
 */
export function useDownload(
  attachment: Attachment,
  options: Partial<DownloadOptions> = {},
): UseDownloadResult {
  const session = useSession();
  const { signOut } = useSessionContext();
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const [knownSize, setKnownSize] = useState<number | undefined>(undefined);
  const running = useRef<AbortController | null>(null);
  const { stallTimeoutMs, revokeDelayMs } = { ...DEFAULT_DOWNLOAD_OPTIONS, ...options };

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(() => {
    if (running.current) return;
    const target = resolveDownloadTarget(attachment, session.serviceUrl);
    if (!target.allowed) {
      setState({
        phase: 'failed',
        failure: new DownloadFailure('refused', { detail: target.host }),
      });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'running', received: 0, total: undefined });
    const progress = throttleProgress(({ received, total }: DownloadProgress) => {
      if (controller.signal.aborted) return;
      if (total !== undefined) setKnownSize(total);
      setState({ phase: 'running', received, total });
    }, PROGRESS_INTERVAL_MS);
    runDownload({
      url: target.url,
      token: session.token,
      serviceUrl: session.serviceUrl,
      fileName: target.fileName,
      signal: controller.signal,
      onProgress: progress.report,
      options: { stallTimeoutMs, revokeDelayMs },
    }).then(
      ({ size }) => {
        progress.stop();
        if (running.current !== controller) return;
        running.current = null;
        setKnownSize(size);
        setState({ phase: 'saved', size });
      },
      (error: unknown) => {
        progress.stop();
        if (running.current !== controller) return;
        running.current = null;
        const failure = isDownloadFailure(error) ? error : new DownloadFailure('network');
        if (failure.kind === 'unauthorized') {
          signOut('expired');
          return;
        }
        setState(
          failure.kind === 'cancelled' ? { phase: 'cancelled' } : { phase: 'failed', failure },
        );
      },
    );
  }, [attachment, session, signOut, stallTimeoutMs, revokeDelayMs]);

  /** Stops at once: the request is aborted and the agent sees "cancelled" without waiting. */
  const cancel = useCallback(() => {
    const controller = running.current;
    if (!controller) return;
    running.current = null;
    controller.abort();
    setState({ phase: 'cancelled' });
  }, []);

  return { state, knownSize, start, cancel };
}
