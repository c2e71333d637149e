import { act, render, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/providers';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import { writeSession } from '../../src/lib/session-store';
import type { StatusId } from '../../src/lib/status';
import { useConversationList } from '../../src/features/conversations/use-conversation-list';
import { DRAW_EVERY_MS, useDrawingPace } from '../../src/features/conversations/use-drawing-pace';
import { usePageOnScroll } from '../../src/features/conversations/use-page-on-scroll';
import { listRequests, server, TEST_SERVICE_URL, TEST_TOKEN, useService } from '../support/msw';

/*
 * Paging while the agent follows the end of the list, driven by hand: happy-dom lays nothing
 * out, so the test says which row is the last drawn and where the list is scrolled.
 */

interface View {
  lastIndex: number;
  scrollOffset: number;
}

let latest: {
  rows: number;
  error: boolean;
  setView: (view: View) => void;
  fetchNextPage: () => void;
};

/** The number of rows in each drawing of the list. */
const drawnRowCounts: number[] = [];

function Harness({ statusIds }: { statusIds: readonly StatusId[] }) {
  const pace = useDrawingPace();
  const { query, params } = useConversationList(statusIds, pace);
  const [view, setView] = useState<View>({ lastIndex: 9, scrollOffset: 0 });
  const rows = query.data?.rows.length ?? 0;
  drawnRowCounts.push(rows);
  usePageOnScroll(params, query, view, rows, pace);
  latest = {
    rows,
    error: query.isFetchNextPageError,
    setView,
    fetchNextPage: () => void query.fetchNextPage(),
  };
  return null;
}

function renderList(statusIds: readonly StatusId[] = []) {
  writeSession({ serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN });
  const ui = (ids: readonly StatusId[]) => (
    <AppProviders
      config={{ ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL }}
      queryDefaults={{ retry: false }}
    >
      <Harness key={ids.join()} statusIds={ids} />
    </AppProviders>
  );
  const result = render(ui(statusIds));
  return { ...result, showFilter: (ids: readonly StatusId[]) => result.rerender(ui(ids)) };
}

/** The agent scrolls so that this row is the last one drawn. */
function scrollTo(lastIndex: number) {
  act(() => latest.setView({ lastIndex, scrollOffset: lastIndex * 64 }));
}

const nextCursors = () => listRequests().map((params) => params.get('next'));

describe('paging while the agent follows the end', () => {
  it('asks for pages back to back, each cursor once, up to 1000 rows ahead of the view', async () => {
    useService({ conversations: 3000 });
    renderList();
    await waitFor(() => expect(latest.rows).toBe(50));
    // Not scrolled: the first page is all there is.
    expect(listRequests()).toHaveLength(1);

    scrollTo(49);
    await waitFor(() => expect(latest.rows).toBeGreaterThanOrEqual(49 + 1000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // It stops there: 1000 rows past row 49 take 21 pages after the first.
    const cursors = nextCursors();
    expect(cursors).toHaveLength(22);
    expect(new Set(cursors).size).toBe(cursors.length);

    // Scrolling back up stops following: the next scroll near the end asks for one page at a time.
    scrollTo(40);
    scrollTo(600);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests()).toHaveLength(22);
  });

  it('stops at a page answered 503 with Retry-After, and Retry goes on from that cursor', async () => {
    useService({ conversations: 3000 });
    let failed: string | null = null;
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, ({ request }) => {
        const next = new URL(request.url).searchParams.get('next');
        if (failed !== null || listRequests().length < 4) return undefined;
        failed = next;
        return HttpResponse.json(
          { errors: [{ type: 'server_error', message: 'Busy' }] },
          { status: 503, headers: { 'Retry-After': '1' } },
        );
      }),
    );
    renderList();
    await waitFor(() => expect(latest.rows).toBe(50));
    scrollTo(49);
    await waitFor(() => expect(latest.error).toBe(true));
    const asked = nextCursors().length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No request after the failure: the service said "later".
    expect(nextCursors()).toHaveLength(asked);
    expect(failed).not.toBeNull();

    act(() => latest.fetchNextPage());
    await waitFor(() => expect(latest.error).toBe(false));
    expect(nextCursors().filter((cursor) => cursor === failed)).toHaveLength(1);
    // Still following: the chain goes on after the retried page.
    await waitFor(() => expect(nextCursors().length).toBeGreaterThan(asked + 1));
  });

  it('a filter changed mid-paging ends the old list’s chain and starts the new one at its top', async () => {
    useService({ conversations: 3000 });
    const { showFilter } = renderList();
    await waitFor(() => expect(latest.rows).toBe(50));
    scrollTo(49);
    await waitFor(() => expect(latest.rows).toBeGreaterThanOrEqual(200));
    showFilter([1]);
    const unfiltered = () => listRequests().filter((params) => !params.has('statusId')).length;
    const before = unfiltered();
    await waitFor(() => expect(latest.rows).toBe(50));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unfiltered()).toBeLessThanOrEqual(before + 1);
    const open = listRequests().filter((params) => params.get('statusId') === '1');
    // The new list has not been scrolled: its first page only.
    expect(open.map((params) => params.get('next'))).toEqual([null]);
  });
});

describe('drawing while pages land back to back', () => {
  afterEach(() => vi.useRealTimers());

  it('draws the list a few times for the 21 pages of a follow, not once per page', async () => {
    useService({ conversations: 3000 });
    renderList();
    await waitFor(() => expect(latest.rows).toBe(50));
    drawnRowCounts.length = 0;
    scrollTo(49);
    await waitFor(() => expect(latest.rows).toBeGreaterThanOrEqual(49 + 1000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nextCursors()).toHaveLength(22);
    // Each drawing shows every row landed by then. Drawn per page, this would be 21 or more
    // (42 with the request starting): here once per DRAW_EVERY_MS, and at the end of the run.
    const counts = new Set(drawnRowCounts);
    expect(counts.size).toBeLessThanOrEqual(6);
    expect([...counts].at(-1)).toBe(latest.rows);
  });

  it('holds a landed page while following, shows it after DRAW_EVERY_MS, and a failure at once', () => {
    vi.useFakeTimers();
    let draws = 0;
    const { result } = renderHook(() => {
      draws += 1;
      return useDrawingPace();
    });
    const pace = result.current;
    // Not following: every change is drawn as it comes.
    expect(pace.notifyOnChangeProps()).toBe('all');

    pace.setFollowing(true);
    const held = pace.notifyOnChangeProps();
    expect(held).not.toBe('all');
    expect(held).toEqual(expect.arrayContaining(['error', 'isFetchNextPageError']));
    expect(held).not.toContain('data');
    const before = draws;
    act(() => vi.advanceTimersByTime(DRAW_EVERY_MS - 1));
    expect(draws).toBe(before);
    act(() => vi.advanceTimersByTime(1));
    expect(draws).toBe(before + 1);

    // Once DRAW_EVERY_MS have passed since the last drawing, the next page is drawn as it lands.
    act(() => vi.advanceTimersByTime(DRAW_EVERY_MS));
    expect(pace.notifyOnChangeProps()).toBe('all');
  });

  it('draws at once when paging stops (the end, or far enough ahead), without waiting', () => {
    vi.useFakeTimers();
    let draws = 0;
    const { result } = renderHook(() => {
      draws += 1;
      return useDrawingPace();
    });
    const pace = result.current;
    pace.setFollowing(true);
    expect(pace.notifyOnChangeProps()).not.toBe('all');
    const before = draws;
    act(() => pace.drawNow());
    expect(draws).toBe(before + 1);
    // Nothing was held since: nothing more to draw, and the timer is gone.
    act(() => pace.drawNow());
    act(() => vi.advanceTimersByTime(DRAW_EVERY_MS));
    expect(draws).toBe(before + 1);
  });
});
