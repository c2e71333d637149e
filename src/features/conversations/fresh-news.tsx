import './fresh-news.css';
import { memo, useEffect, type RefObject } from 'react';
import type { ConversationListParams } from '../../api/conversations';
import type { Conversation } from '../../api/schemas';
import { useTranslation } from '../../i18n/use-translation';
import { announce } from '../../ui/live-region';
import { useBannerAnchor } from './use-banner-anchor';
import { useFreshConversations } from './use-fresh-conversations';
import { useFreshNotifications } from './use-fresh-notifications';
import { useFreshTitle } from './use-fresh-title';
import type { RowVirtualizer } from './use-row-virtualizer';

export interface FreshNewsProps {
  params: ConversationListParams;
  /** The loaded rows by id. */
  loaded: ReadonlyMap<number, Conversation> | undefined;
  /** The list has loaded: checking may start. */
  enabled: boolean;
  /** The rows shown (narrowed by the finder), and what draws them. */
  rows: readonly Conversation[];
  scrollerRef: RefObject<HTMLElement | null>;
  virtualizer: RowVirtualizer;
  rowHeight: number;
}

/**
 * The list's freshness: checks the first page for new or updated conversations, offers them in
 * the "Show {n} new or updated" banner (merged without moving the row the agent reads), counts
 * them in the tab title, announces them and notifies of them while the tab is hidden. Not in the
 * first load: the list renders it in the banner's place once its code has arrived (freshness-code.ts),
 * which the first check, a poll interval after the list, never waits for. Memoised: the list's
 * scroll renders stop here.
 */
export const FreshNews = memo(function FreshNews({
  params,
  loaded,
  enabled,
  rows,
  scrollerRef,
  virtualizer,
  rowHeight,
}: FreshNewsProps) {
  const { t } = useTranslation();
  const { fresh, merge } = useFreshConversations(params, loaded, enabled);
  const keepPlace = useBannerAnchor(rows, scrollerRef, virtualizer, rowHeight);
  useFreshTitle(fresh.length);
  useFreshNotifications(fresh.length);
  useEffect(() => {
    if (fresh.length > 0) announce(t('fresh.announce', { count: fresh.length }));
  }, [fresh.length, t]);
  if (fresh.length === 0) return null;
  return (
    // Over the top of the list, taking no room (fresh-news.css).
    <div className="fresh-news">
      <button
        type="button"
        className="fresh-banner"
        onClick={(event) => {
          keepPlace(document.activeElement === event.currentTarget);
          void merge();
        }}
      >
        {t('fresh.show', { count: fresh.length })}
      </button>
    </div>
  );
});
