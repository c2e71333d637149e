import { requestAttachment } from '../../../api/attachments';
import { describeError } from '../../../api/errors';
import type { ServiceSession } from '../../../api/http';
import type { MessagePage } from '../../../api/messages';
import type { Attachment } from '../../../api/schemas';
import { resolveDownloadTarget, shownFileName } from '../../../lib/attachment-target';
import { formatBytes } from '../../../i18n/format';
import { t } from '../../../i18n/translate';
import { runDownload } from '../engines/download-engine';
import {
  canRetry,
  downloadAllFailure,
  DownloadFailure,
  failureKind,
  failureMessage,
} from '../engines/download-failure';
import { DEFAULT_DOWNLOAD_OPTIONS, type DownloadOptions } from '../engines/download-settings';
import { throttleProgress } from '../engines/throttle-progress';
import { PROGRESS_INTERVAL_MS } from '../../../download-worker/protocol';
import { planZip, zipFileName } from '../engines/zip-plan';
import type { ZipProgress } from '../engines/zip-sources';
import { JobFailed, type DownloadJob } from './download-manager';
import { fileDownloadKey, zipDownloadKey } from './keys';

/**
 * The two kinds of job the manager runs: one attachment, and all of a conversation's attachments
 * as a zip. They capture what they need (the session, the attachment, a loader for the messages)
 * so they run to the end whatever happens to the pane that started them, and again on Retry.
 */

/** A download's failure (anything thrown), told as the agent reads it. */
function failed(
  error: unknown,
  { message, fileName }: { message: string; fileName?: string } = {
    message: failureMessage(error),
  },
): JobFailed {
  const kind = failureKind(error);
  const outcome = kind === 'unauthorized' || kind === 'cancelled' ? kind : 'failed';
  return new JobFailed(outcome, message, canRetry(error), fileName);
}

interface FileJobInput {
  attachment: Attachment;
  conversationId: number;
  session: ServiceSession;
  onUnauthorized: () => void;
  options?: Partial<DownloadOptions>;
}

/** One attachment: origin guard, then the engine (Blob, or the browser's own download). */
export function fileJob({
  attachment,
  conversationId,
  session,
  onUnauthorized,
  options,
}: FileJobInput): DownloadJob {
  const name = shownFileName(attachment);
  return {
    key: fileDownloadKey(conversationId, attachment.url),
    kind: 'file',
    name,
    conversationId,
    onUnauthorized,
    async run({ signal, update }) {
      const target = resolveDownloadTarget(attachment, session.serviceUrl);
      if (!target.allowed) throw failed(new DownloadFailure('refused', { detail: target.host }));
      const progress = throttleProgress(update, PROGRESS_INTERVAL_MS);
      try {
        const result = await runDownload({
          url: target.url,
          token: session.token,
          fileName: target.fileName,
          signal,
          onProgress: progress.report,
          onInMemory: () => update({ inMemory: true }),
          options: { ...DEFAULT_DOWNLOAD_OPTIONS, ...options },
        });
        if (result.via === 'browser') {
          return {
            phase: 'in-browser',
            size: result.size,
            announcement: t('downloadsPanel.inBrowserAnnouncement', { name }),
          };
        }
        return {
          phase: 'saved',
          size: result.size,
          announcement: t('downloadsPanel.savedAnnouncement', {
            name,
            size: formatBytes(result.size ?? 0),
          }),
        };
      } catch (error) {
        throw failed(error);
      } finally {
        progress.stop();
      }
    },
  };
}

interface ZipJobInput {
  conversationId: number;
  session: ServiceSession;
  /** Every message page: the ones loaded so far, or all of them once loadAllPages has run. */
  pages: MessagePage[];
  hasNextPage: boolean;
  /** Loads the remaining message pages; must work with the pane closed. */
  loadAllPages: (signal: AbortSignal) => Promise<MessagePage[]>;
  onUnauthorized: () => void;
  options?: Partial<DownloadOptions>;
}

/**
 * Download all: the remaining messages first, then the plan (origin guard, unique safe names),
 * then the zip engine, loaded on demand with its zip writer.
 */
export function zipJob(input: ZipJobInput): DownloadJob {
  const { conversationId, session, options } = input;
  const fileName = zipFileName(conversationId);
  return {
    key: zipDownloadKey(conversationId),
    kind: 'zip',
    name: fileName,
    conversationId,
    onUnauthorized: input.onUnauthorized,
    async run({ signal, update }) {
      let pages = input.pages;
      if (input.hasNextPage) {
        update({ phase: 'preparing' });
        try {
          // Cancel and sign-out abort it too: otherwise it pages on to the end, with the token.
          pages = await input.loadAllPages(signal);
        } catch (error) {
          throw new JobFailed(
            'failed',
            t('downloadsPanel.restNotLoaded', { reason: describeError(error) }),
            true,
          );
        }
        if (signal.aborted) throw failed(new DownloadFailure('cancelled'));
      }
      const plan = planZip(
        pages.flatMap((page) => page.messages),
        session.serviceUrl,
      );
      const skipped = { foreign: plan.foreign, gone: [] as string[] };
      const files = plan.entries.length;
      update({ phase: 'running', skipped, files, file: 0 });
      if (files === 0) {
        throw new JobFailed('failed', t('downloadsPanel.noneOnService'), false);
      }
      const progress = throttleProgress<ZipProgress>(
        ({ received, total, file }) => update({ received, total, file }),
        PROGRESS_INTERVAL_MS,
      );
      try {
        const { runDownloadAll } = await import('../engines/zip-download');
        const result = await runDownloadAll({
          entries: plan.entries,
          open: (url, signal) =>
            requestAttachment(url, session.token, { signal, retries: options?.retries }),
          fileName,
          signal,
          onProgress: progress.report,
          onSkip: (entry) => {
            skipped.gone = [...skipped.gone, entry.shownName];
            update({ skipped: { ...skipped } });
          },
          onInMemory: () => update({ inMemory: true }),
          options: { ...DEFAULT_DOWNLOAD_OPTIONS, ...options },
        });
        return {
          phase: 'saved',
          size: result.size,
          files: result.files,
          announcement: t('downloadsPanel.zipSavedAnnouncement', {
            name: fileName,
            count: result.files,
            size: formatBytes(result.size),
          }),
        };
      } catch (error) {
        throw failed(error, downloadAllFailure(error));
      } finally {
        progress.stop();
      }
    },
  };
}
