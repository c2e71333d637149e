import { act, render, renderHook, waitFor } from '@testing-library/react';
import { onlineManager, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { useRef, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendJsonRequestsThrough } from '../../src/api/http';
import { readJsonAnswer } from '../../src/api/json-answer';
import { conversationKeys } from '../../src/api/query-keys';
import type { Conversation, ConversationPage } from '../../src/api/schemas';
import { AppProviders } from '../../src/app/providers';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import { writeSession } from '../../src/lib/session-store';
import type { StatusId } from '../../src/lib/status';
import {
  SHOW_EVERY_MS,
  SHOW_FAST_EVERY_MS,
  useBatchedRows,
} from '../../src/features/conversations/use-batched-rows';
import { useConversationList } from '../../src/features/conversations/use-conversation-list';
import { usePageOnScroll } from '../../src/features/conversations/use-page-on-scroll';
import {
  listRequests,
  server,
  service,
  TEST_SERVICE_URL,
  TEST_TOKEN,
  useService,
} from '../support/msw';

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
  /** Rows drawn: every landed row unless held at a count (the list's batches). */
  holdDrawnAt: (count: number | null) => void;
  fetchNextPage: () => void;
};

function Harness({ statusIds }: { statusIds: readonly StatusId[] }) {
  const chainingRef = useRef(false);
  const { query, params } = useConversationList(statusIds);
  const [view, setView] = useState<View>({ lastIndex: 9, scrollOffset: 0 });
  const [drawnAt, holdDrawnAt] = useState<number | null>(null);
  const rows = query.data?.rows.length ?? 0;
  usePageOnScroll(params, query, view, rows, drawnAt ?? rows, chainingRef);
  latest = {
    rows,
    error: query.isFetchNextPageError,
    setView,
    holdDrawnAt,
    fetchNextPage: () => void query.fetchNextPage(),
  };
  return null;
}

/** Signed in, with the app's providers (no automatic retries). */
function renderSignedIn(ui: ReactNode) {
  writeSession({ serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN });
  const wrapped = (node: ReactNode) => (
    <AppProviders
      config={{ ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL }}
      queryDefaults={{ retry: false }}
    >
      {node}
    </AppProviders>
  );
  const result = render(wrapped(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrapped(next)) };
}

/** Each list page answered after `ms`, a task of its own, as over a network. */
function answerPagesAfter(ms: number) {
  server.use(
    http.get(`${TEST_SERVICE_URL}/conversations/list`, async () => {
      await delay(ms);
      return undefined;
    }),
  );
}

function renderList(statusIds: readonly StatusId[] = []) {
  const ui = (ids: readonly StatusId[]) => <Harness key={ids.join()} statusIds={ids} />;
  const result = renderSignedIn(ui(statusIds));
  return { ...result, showFilter: (ids: readonly StatusId[]) => result.rerender(ui(ids)) };
}

/** The agent scrolls so that this row is the last one drawn. */
function scrollTo(lastIndex: number) {
  act(() => latest.setView({ lastIndex, scrollOffset: lastIndex * 64 }));
}

const nextCursors = () => listRequests().map((params) => params.get('next'));

describe('paging while the agent follows the end', () => {
  it('asks for pages back to back, each cursor once, until 1000 drawn rows are ahead of the view', async () => {
    useService({ conversations: 3000 });
    // Each page a task of its own, as over a network: the harness draws each page as it lands.
    answerPagesAfter(1);
    renderList();
    await waitFor(() => expect(latest.rows).toBe(50));
    // Not scrolled: the first page is all there is.
    expect(listRequests()).toHaveLength(1);

    scrollTo(49);
    await waitFor(() => expect(latest.rows).toBeGreaterThanOrEqual(49 + 1000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // It stops there: 1000 rows past row 49 take 21 pages after the first, and the next one was
    // asked for as the 21st landed, before it was drawn.
    const cursors = nextCursors();
    expect(cursors).toHaveLength(23);
    expect(new Set(cursors).size).toBe(cursors.length);

    // Scrolling back up stops following: the next scroll near the end asks for one page at a time.
    scrollTo(40);
    scrollTo(600);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests()).toHaveLength(23);
  });

  it('asks for one page when the agent reads the last 40 rows, a chain only at the end itself', async () => {
    useService({ conversations: 3000 });
    answerPagesAfter(1);
    renderList();
    await waitFor(() => expect(latest.rows).toBe(50));
    // Row 20 drawn last: 29 rows ahead, inside the 40 the next page is asked for within.
    scrollTo(20);
    await waitFor(() => expect(latest.rows).toBe(100));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests()).toHaveLength(2);
    scrollTo(70);
    await waitFor(() => expect(latest.rows).toBe(150));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests()).toHaveLength(3);

    scrollTo(149);
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(5));
    // Back up: the chain ends, and its last page lands before the next test's service starts.
    scrollTo(100);
    const asked = listRequests().length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests().length).toBeLessThanOrEqual(asked + 1);
  });

  it('lets landed rows wait to be drawn up to 4000, and stops once a batch drawn below leaves the view behind', async () => {
    useService({ conversations: 6000 });
    // Each page a task of its own, as over a network, so the list renders between pages.
    answerPagesAfter(1);
    renderList();
    await waitFor(() => expect(latest.rows).toBe(50));
    // The list holds what lands (its batches): only the first page is drawn.
    act(() => latest.holdDrawnAt(50));
    scrollTo(49);
    await waitFor(() => expect(latest.rows).toBeGreaterThanOrEqual(50 + 4000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // 4000 rows waiting to be drawn: the page that took them past it was the last one asked for.
    expect(latest.rows).toBeLessThan(50 + 4000 + 50);
    const asked = listRequests().length;
    expect(new Set(nextCursors()).size).toBe(asked);

    // The batch is drawn below a view that stayed where it was (the agent stopped): no more pages.
    act(() => latest.holdDrawnAt(null));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests()).toHaveLength(asked);

    // The agent scrolls to the new end: following goes on from there.
    scrollTo(latest.rows - 1);
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(asked));
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

interface FollowedList {
  fetchNextPage: () => void;
  /** Puts a conversation at the top of the loaded pages, as the news banner does. */
  putOnTop: (conversation: Conversation) => void;
  firstDrawnId: number | undefined;
  renders: number;
  /** Rows loaded, as the list last heard. */
  rows: number;
  drawn: number;
  fetching: boolean;
  error: boolean;
  setView: (view: View) => void;
}

let followed: FollowedList;

/** The list's own wiring: told of pages only by its batches while the agent follows the end. */
function FollowingHarness() {
  const chainingRef = useRef(false);
  const { query, params, landed } = useConversationList([], chainingRef);
  const [view, setView] = useState<View>({ lastIndex: 9, scrollOffset: 0 });
  const loaded = query.data?.rows ?? [];
  const drawn = useBatchedRows(loaded, query.isFetchingNextPage, landed);
  usePageOnScroll(params, query, view, loaded.length, drawn.length, chainingRef);
  const queryClient = useQueryClient();
  followed = {
    fetchNextPage: () => void query.fetchNextPage(),
    putOnTop: (conversation) =>
      queryClient.setQueryData<InfiniteData<ConversationPage, string | undefined>>(
        conversationKeys.list(params),
        (data) => {
          const [first, ...rest] = data!.pages;
          return {
            ...data!,
            pages: [{ ...first!, data: [conversation, ...first!.data] }, ...rest],
          };
        },
      ),
    firstDrawnId: drawn[0]?.id,
    renders: (followed?.renders ?? 0) + 1,
    rows: loaded.length,
    drawn: drawn.length,
    fetching: query.isFetchingNextPage,
    error: query.isFetchNextPageError,
    setView,
  };
  return null;
}

function renderFollowingList(pageDelayMs: number) {
  answerPagesAfter(pageDelayMs);
  renderSignedIn(<FollowingHarness />);
}

describe('the list while the agent follows the end', () => {
  it('is not drawn again for each page that lands, and draws all of them by the end', async () => {
    useService({ conversations: 1000 });
    renderFollowingList(1);
    await waitFor(() => expect(followed.drawn).toBe(50));
    const rendersBefore = followed.renders;
    act(() => followed.setView({ lastIndex: 49, scrollOffset: 49 * 64 }));
    await waitFor(() => expect(followed.drawn).toBe(1000));
    const pages = listRequests().length - 1;
    expect(pages).toBeGreaterThanOrEqual(19);
    // Told of the end, and of a few pages as following began: far fewer renders than pages.
    expect(followed.renders - rendersBefore).toBeLessThan(pages / 2);
    expect(followed.fetching).toBe(false);
  });

  it('says the next page is wanted with each page asked for while following, and only then', async () => {
    useService({ conversations: 1000 });
    // What each request tells its carrier (the request worker starts a wanted next page early).
    const told: { next: string | null; nextWanted: boolean | undefined }[] = [];
    sendJsonRequestsThrough((request, signal) => {
      told.push({
        next: new URL(request.url).searchParams.get('next'),
        nextWanted: request.page?.nextWanted,
      });
      return readJsonAnswer(request, signal);
    });
    try {
      renderFollowingList(1);
      await waitFor(() => expect(followed.drawn).toBe(50));
      act(() => followed.setView({ lastIndex: 20, scrollOffset: 20 * 64 }));
      await waitFor(() => expect(followed.drawn).toBe(100));
      // The first page, and one asked for by reading near the end: no next page wanted.
      expect(told.map((request) => request.nextWanted)).toEqual([false, false]);

      act(() => followed.setView({ lastIndex: 99, scrollOffset: 99 * 64 }));
      await waitFor(() => expect(followed.drawn).toBe(1000));
      // Following: the page that reached the end is asked as before, every one after it says so.
      const [reachingEnd, ...followingOn] = told.slice(2);
      expect(reachingEnd?.nextWanted).toBe(false);
      expect(followingOn.length).toBeGreaterThanOrEqual(17);
      expect(followingOn.every((request) => request.nextWanted === true)).toBe(true);
      expect(new Set(told.map((request) => request.next)).size).toBe(told.length);
    } finally {
      sendJsonRequestsThrough(readJsonAnswer);
    }
  });

  it('shows a failed page with every row that landed before it, and its Retry as loading', async () => {
    useService({ conversations: 3000 });
    renderFollowingList(1);
    await waitFor(() => expect(followed.drawn).toBe(50));
    let failures = 0;
    server.use(
      http.get(`${TEST_SERVICE_URL}/conversations/list`, async () => {
        if (listRequests().length < 8) return undefined;
        if (failures === 0) {
          failures += 1;
          return HttpResponse.json(
            { errors: [{ type: 'server_error', message: 'Busy' }] },
            { status: 503, headers: { 'Retry-After': '1' } },
          );
        }
        // The retried page takes a while: the list says it is loading meanwhile.
        await delay(200);
        return undefined;
      }),
    );
    act(() => followed.setView({ lastIndex: 49, scrollOffset: 49 * 64 }));
    await waitFor(() => expect(followed.error).toBe(true));
    expect(followed.rows).toBeGreaterThan(50);
    expect(followed.drawn).toBe(followed.rows);

    act(() => followed.fetchNextPage());
    await waitFor(() => expect(followed.fetching).toBe(true));
    expect(followed.error).toBe(true);
    await waitFor(() => expect(followed.error).toBe(false));
  });

  it('draws what lands after a request paused offline goes on', async () => {
    useService({ conversations: 20000 });
    renderFollowingList(30);
    await waitFor(() => expect(followed.drawn).toBe(50));
    act(() => followed.setView({ lastIndex: 49, scrollOffset: 49 * 64 }));
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(4));
    try {
      onlineManager.setOnline(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Something draws the list meanwhile (the clock's tick): no request on its way.
      act(() => followed.setView({ lastIndex: 49, scrollOffset: 49 * 64 }));
      expect(followed.fetching).toBe(false);
      const drawnOffline = followed.drawn;
      onlineManager.setOnline(true);
      // The list is told the request goes on, and its batches draw what lands from there.
      await waitFor(() => expect(followed.fetching).toBe(true));
      await waitFor(() => expect(followed.drawn).toBeGreaterThan(drawnOffline + 500), {
        timeout: 1500,
      });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('draws at once the conversations put at the top while pages land', async () => {
    // No animation frame comes, so no batch: only being told draws the list.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    useService({ conversations: 20000 });
    renderFollowingList(20);
    await waitFor(() => expect(followed.drawn).toBe(50));
    act(() => followed.setView({ lastIndex: 49, scrollOffset: 49 * 64 }));
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(5));
    const touched = { ...service().dataset.list()[0]!, id: 999_999, updatedAt: Date.now() };
    act(() => followed.putOnTop(touched));
    // Long before 4000 rows would wait and the chain rest (80 pages of 20 ms).
    await waitFor(() => expect(followed.firstDrawnId).toBe(touched.id), { timeout: 500 });
  });

  it('draws what landed when paging rests at the lead, and asks for nothing more', async () => {
    useService({ conversations: 6000 });
    renderFollowingList(20);
    await waitFor(() => expect(followed.drawn).toBe(50));
    act(() => followed.setView({ lastIndex: 49, scrollOffset: 49 * 64 }));
    // Batches are drawn below a view that stays: paging rests once 1000 drawn rows are below it.
    await waitFor(() => expect(followed.drawn).toBeGreaterThanOrEqual(50 + 1000), {
      timeout: 4000,
    });
    await waitFor(() => expect(followed.fetching).toBe(false), { timeout: 2000 });
    const asked = listRequests().length;
    expect(followed.drawn).toBe(followed.rows);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listRequests()).toHaveLength(asked);
    expect(followed.rows).toBeLessThan(6000);
  });
});

describe('useBatchedRows', () => {
  afterEach(() => vi.useRealTimers());

  const row = (id: number): Conversation => ({
    id,
    status: 'open',
    contactId: 1,
    inboxId: 1,
    createdAt: 0,
    updatedAt: 0,
  });
  const first = [row(1), row(2)];
  const more = [...first, row(3)];
  const evenMore = [...more, row(4)];
  const andMore = [...evenMore, row(5)];

  it('holds rows that land while the next page is on its way, and draws them in a frame later', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ rows, onItsWay }) => useBatchedRows(rows, onItsWay, () => ({ rows })),
      { initialProps: { rows: first, onItsWay: true } },
    );
    // The first batch is drawn in the next frame.
    rerender({ rows: more, onItsWay: true });
    expect(result.current).toBe(first);
    act(() => vi.advanceTimersByTime(20));
    expect(result.current).toBe(more);
    // The next page waits until SHOW_EVERY_MS have passed; a page landing meanwhile joins it.
    rerender({ rows: evenMore, onItsWay: true });
    act(() => vi.advanceTimersByTime(SHOW_EVERY_MS / 2));
    expect(result.current).toBe(more);
    rerender({ rows: andMore, onItsWay: true });
    expect(result.current).toBe(more);
    act(() => vi.advanceTimersByTime(SHOW_EVERY_MS));
    expect(result.current).toBe(andMore);
  });

  it('while rows pour in (over one a millisecond) draws them at most every SHOW_FAST_EVERY_MS', () => {
    vi.useFakeTimers();
    const pool = Array.from({ length: 2100 }, (_, i) => row(i + 1));
    const many = (count: number) => pool.slice(0, count);
    const { result, rerender } = renderHook(
      ({ rows, onItsWay }) => useBatchedRows(rows, onItsWay, () => ({ rows })),
      { initialProps: { rows: many(50), onItsWay: true } },
    );
    rerender({ rows: many(100), onItsWay: true });
    act(() => vi.advanceTimersByTime(20));
    expect(result.current).toHaveLength(100);
    // 2000 rows within SHOW_EVERY_MS: held past it…
    const poured = many(2100);
    rerender({ rows: poured, onItsWay: true });
    act(() => vi.advanceTimersByTime(SHOW_EVERY_MS + 50));
    expect(result.current).toHaveLength(100);
    // …and drawn once SHOW_FAST_EVERY_MS have passed.
    act(() => vi.advanceTimersByTime(SHOW_FAST_EVERY_MS - SHOW_EVERY_MS));
    expect(result.current).toBe(poured);
  });

  it('draws at once when no page is on its way, or the rows are not the drawn ones plus more', () => {
    const { result, rerender } = renderHook(
      ({ rows, onItsWay }) => useBatchedRows(rows, onItsWay, () => ({ rows })),
      { initialProps: { rows: first, onItsWay: true } },
    );
    rerender({ rows: more, onItsWay: false });
    expect(result.current).toBe(more);
    const merged = [row(9), ...more];
    rerender({ rows: merged, onItsWay: true });
    expect(result.current).toBe(merged);
  });
});
