import { useEffect, useRef, useState } from 'react';
import type { MessagePage } from '../../../api/messages';
import type { Conversation } from '../../../api/schemas';
import { useClockSettings } from '../../../i18n/use-clock-settings';
import { formatExact, prepareTimeFormats } from '../../../i18n/format';
import { t as translate } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { saveBlob } from '../../../lib/save-blob';
import { ErrorAlert } from '../../../ui/error-alert';
import { announce } from '../../../ui/live-region';
import { Translated } from '../../../i18n/translated';
import { conversationTranscript } from './conversation-transcript';

type Action = 'print' | 'export';

/** Long enough for every browser to have started reading the Blob before its URL goes. */
const SAVED_URL_LIFETIME_MS = 60_000;

type Job =
  | { phase: 'idle'; note?: { cancelled: Action } | { saved: string } }
  | { phase: 'loading'; action: Action }
  | { phase: 'printing'; pageCount: number }
  | { phase: 'failed'; action: Action; error: unknown };

interface TranscriptActionsProps {
  conversationId: number;
  conversation: Conversation | undefined;
  /** The message pages the pane shows. */
  pages: MessagePage[];
  hasNextPage: boolean;
  loadAllPages: (signal?: AbortSignal) => Promise<MessagePage[]>;
}

/** One message per sentence and action: the words differ with the action in every language. */
const ACTION_MESSAGES = {
  print: {
    cancel: 'transcript.cancelPrinting',
    cancelled: 'transcript.printingCancelled',
    failed: 'transcript.printFailed',
  },
  export: {
    cancel: 'transcript.cancelExport',
    cancelled: 'transcript.exportCancelled',
    failed: 'transcript.exportFailed',
  },
} as const;

/** The time zone formatExact writes in (its own formatter's: making another costs time). */
function timeZoneName(): string {
  return prepareTimeFormats().exact.resolvedOptions().timeZone;
}

function countMessages(pages: MessagePage[]): number {
  return pages.reduce((count, page) => count + page.messages.length, 0);
}

/**
 * "Print conversation" and "Export conversation", in the pane's header. Both load every message
 * page first (into the pane's own query, so the pane shows them too), with progress and Cancel;
 * then Print opens the browser's print dialog on the pane (ui/print-and-export.css) and Export
 * saves conversation-{id}.md (conversation-transcript.ts). One at a time: pressing either again
 * while one runs changes nothing. Closing the pane or opening another conversation unmounts this and
 * aborts what is under way, so nothing is printed or saved for a conversation no longer open.
 */
export function TranscriptActions({
  conversationId,
  conversation,
  pages,
  hasNextPage,
  loadAllPages,
}: TranscriptActionsProps) {
  const { t } = useTranslation();
  // The print header's time zone follows the clock settings.
  useClockSettings();
  const [job, setJob] = useState<Job>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = (action: Action) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setJob({ phase: 'loading', action });
    loadAllPages(controller.signal).then(
      (allPages) => {
        if (controller.signal.aborted) return;
        if (action === 'print') {
          setJob({ phase: 'printing', pageCount: allPages.length });
          return;
        }
        running.current = null;
        const fileName = `conversation-${conversationId}.md`;
        const transcript = conversationTranscript({
          conversationId,
          conversation,
          messages: allPages.flatMap((page) => page.messages),
          formatTime: formatExact,
          timeZone: timeZoneName(),
          exportedAt: Date.now(),
        });
        // Text the app made itself (no token, no request), saved as a file.
        saveBlob(
          new Blob([transcript], { type: 'text/markdown;charset=utf-8' }),
          fileName,
          SAVED_URL_LIFETIME_MS,
        );
        setJob({ phase: 'idle', note: { saved: fileName } });
        announce(translate('transcript.saved', { fileName }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        running.current = null;
        setJob({ phase: 'failed', action, error });
      },
    );
  };

  const cancel = () => {
    if (job.phase !== 'loading' && job.phase !== 'printing') return;
    running.current?.abort();
    running.current = null;
    const action = job.phase === 'printing' ? 'print' : job.action;
    setJob({ phase: 'idle', note: { cancelled: action } });
    announce(translate(ACTION_MESSAGES[action].cancelled));
  };

  // Prints once the pane shows every page: effects run after React has put them in the page.
  const readyToPrint = job.phase === 'printing' && !hasNextPage && pages.length >= job.pageCount;
  useEffect(() => {
    if (!readyToPrint || !running.current) return;
    running.current = null;
    window.print();
    setJob({ phase: 'idle' });
  }, [readyToPrint]);

  const busy = job.phase === 'loading' || job.phase === 'printing';
  const loaded = countMessages(pages);
  return (
    <>
      <button
        type="button"
        className="button-quiet"
        aria-disabled={busy}
        onClick={() => start('print')}
      >
        {t('transcript.print')}
      </button>
      <button
        type="button"
        className="button-quiet"
        aria-disabled={busy}
        onClick={() => start('export')}
      >
        {t('transcript.export')}
      </button>
      <p className="print-only">
        <Translated id="transcript.timeZone" values={{ zone: <bdi>{timeZoneName()}</bdi> }} />
      </p>
      {busy ? (
        <div className="transcript-status">
          <p role="status">{t('transcript.loading', { pages: pages.length, messages: loaded })}</p>
          <button type="button" className="button-quiet" onClick={cancel}>
            {/* Seen: "Cancel"; heard: what it cancels, one message in every language. */}
            <span aria-hidden="true">{t('transcript.cancel')}</span>
            <span className="visually-hidden">
              {t(ACTION_MESSAGES[job.phase === 'printing' ? 'print' : job.action].cancel)}
            </span>
          </button>
        </div>
      ) : null}
      {job.phase === 'failed' ? (
        <div className="transcript-status">
          <ErrorAlert
            title={t(ACTION_MESSAGES[job.action].failed)}
            error={job.error}
            onRetry={() => start(job.action)}
          />
        </div>
      ) : null}
      {job.phase === 'idle' && job.note ? (
        <p className="transcript-status detail-hint">
          {'saved' in job.note ? (
            <Translated id="transcript.saved" values={{ fileName: <bdi>{job.note.saved}</bdi> }} />
          ) : (
            t(ACTION_MESSAGES[job.note.cancelled].cancelled)
          )}
        </p>
      ) : null}
    </>
  );
}
