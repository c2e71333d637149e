import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { findLanguage } from '../../src/i18n/languages';
import { activateLanguage } from '../../src/i18n/translate';
import { useListAnnouncements } from '../../src/features/conversations/use-list-announcements';
import { announce, LiveRegion } from '../../src/ui/live-region';
import { service, TEST_TOKEN, useService } from '../support/msw';
import { liveRegion } from '../support/queries';
import { renderApp } from '../support/render-app';
import { loadFreshNews } from '../support/fresh-news';

// The list's freshness is here from the first render (the app fetches it when the list is idle).
beforeAll(loadFreshNews);

describe('the live region', () => {
  it('speaks through a polite status region, and a repeat is spoken again', () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    announce('Download finished: report.pdf');
    expect(region).toHaveTextContent('Download finished: report.pdf');
    const first = region.textContent;
    announce('Download finished: report.pdf');
    expect(region.textContent).not.toBe(first);
    expect(region).toHaveTextContent('Download finished: report.pdf');
  });

  it('keeps nothing said in another language or for an ended session', async () => {
    useService({ conversations: 40 });
    const { user } = renderApp();
    await waitFor(() => expect(liveRegion()).toHaveTextContent('40 conversations loaded'));
    await act(() => activateLanguage(findLanguage('de')!));
    expect(liveRegion()).toBeEmptyDOMElement();
    announce('Download abgeschlossen: report.pdf');
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(liveRegion()).toBeEmptyDOMElement();
  });

  it('says the first page of a session that begins, though what it said before is wiped', async () => {
    useService({ conversations: 30 });
    const { user } = renderApp({ session: null, config: { demoToken: TEST_TOKEN } });
    announce('Said before signing in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('30 conversations loaded'));
  });

  it('drops what is announced before it is mounted, rather than speaking it late', () => {
    announce('Nobody listens');
    render(<LiveRegion />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('the list announces', () => {
  it('loading more, and how many conversations are loaded', async () => {
    useService({ conversations: 160, latencyMs: 150 });
    renderApp();
    await screen.findByRole('list', { name: 'Conversations' });
    // The list pages on by itself here (no layout: every row is "near the end").
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Loading more conversations…'));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/^\d+ conversations loaded$/));
  });

  it('new or updated conversations when the banner appears', async () => {
    renderApp({ config: { pollIntervalMs: 100 } });
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/conversations loaded/));
    service().dataset.touch(service().dataset.list()[60]!.id);
    await screen.findByRole('button', { name: 'Show 1 new or updated' });
    expect(liveRegion()).toHaveTextContent('1 new or updated conversations');
  });
});

describe('while pages land one after another', () => {
  it('says "Loading more" once, and the count once they have stopped', () => {
    render(<LiveRegion />);
    const writes: string[] = [];
    const region = screen.getByRole('status');
    // Each write replaces the region's text node: the records keep every text written.
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) writes.push(node.textContent ?? '');
      }
    }).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    const progress = (isFetchingNextPage: boolean, rowCount: number) => ({
      isFetchingNextPage,
      loaded: !isFetchingNextPage,
      rowCount,
    });
    const list = renderHook((props) => useListAnnouncements(props), {
      initialProps: progress(false, 50),
    });
    list.rerender(progress(true, 50));
    // The agent follows the end: each page lands with the next already requested.
    list.rerender(progress(true, 100));
    list.rerender(progress(true, 150));
    list.rerender(progress(false, 200));
    return waitFor(() =>
      expect(writes).toEqual([
        '50 conversations loaded',
        'Loading more conversations…',
        '200 conversations loaded',
      ]),
    );
  });
});
