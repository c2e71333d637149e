import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchConversationPage } from '../../src/api/conversations';
import { paintInbox } from '../../src/boot/first-paint';
import { createHandOver } from '../../src/boot/hand-over';
import { paintSignIn } from '../../src/boot/sign-in-paint';
import { DEFAULT_CONFIG } from '../../src/lib/config';
import { forgetMarks, seenKey } from '../../src/lib/seen-marks';
import { renderApp } from '../support/render-app';
import { TEST_SERVICE_URL, TEST_TOKEN, useService } from '../support/msw';

const session = { serviceUrl: TEST_SERVICE_URL, token: TEST_TOKEN };

/** Markup with attributes in a fixed order (the router's link writes href first). */
function canonical(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = Array.from(node.attributes)
    .map(({ name, value }) => `${name}="${value}"`)
    .sort()
    .join(' ');
  const children = Array.from(node.childNodes).map(canonical).join('');
  return `<${node.localName} ${attributes}>${children}</${node.localName}>`;
}

/**
 * The first screen as markup, minus what only differs by design: React's generated ids, the
 * footer (paging state, below the fold) and the rows React has
 * not rendered (it draws only those in view), compared one by one instead.
 */
function firstScreen(container: Element) {
  const inbox = container.querySelector('.inbox');
  if (!inbox) throw new Error('No inbox');
  const clone = inbox.cloneNode(true) as Element;
  clone.querySelectorAll('.list-footer').forEach((footer) => footer.remove());
  const rows = new Map<string, string>();
  for (const item of clone.querySelectorAll('li.conversation-item')) {
    const id = item.querySelector('[data-conversation-id]')?.getAttribute('data-conversation-id');
    rows.set(id ?? '?', canonical(item));
    item.remove();
  }
  clone.querySelector('ul.conversation-rows')?.removeAttribute('style');
  const html = canonical(clone).replace(/id="[^"]*(open|closed|pending)"/g, 'id="$1"');
  return { html, rows };
}

describe('first paint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws the same first screen as the app, header, filter and rows, so the swap moves nothing', async () => {
    // More than a page, so the per-status counts (known only once all is loaded) stay empty in both.
    useService({ conversations: 120 });
    const search = '?status=open&status=pending';
    const page = await fetchConversationPage(session, { statusIds: [1, 3], limit: 50 }, undefined);
    const drawn = document.createElement('div');
    document.body.append(drawn);
    // As it is once its first frame is painted: the rows in view, then the rest of the page.
    paintInbox(
      drawn,
      { page, serviceUrl: TEST_SERVICE_URL, statusIds: [1, 3], search },
      createHandOver(),
    )();

    const { container } = renderApp({ route: `/${search}` });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await within(list).findAllByRole('link');
    const painted = firstScreen(drawn);
    drawn.remove();
    const app = firstScreen(container);
    expect(painted.html).toBe(app.html);
    expect(app.html).toContain('Sign out');
    expect(app.html).toContain('Downloads');
    expect(app.rows.size).toBeGreaterThan(0);
    for (const [id, row] of app.rows) expect(painted.rows.get(id)).toBe(row);
  });

  it('draws the New marks as the app does, badge and all', async () => {
    // The clock stands still: rows updated a minute from now read "in 1 minute" or "now" on either
    // side of that minute, and the first paint and the app must draw the same words (under load
    // the two renders were far enough apart to straddle it).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const service = useService({ conversations: 120 });
    forgetMarks(TEST_SERVICE_URL);
    localStorage.setItem(
      seenKey(TEST_SERVICE_URL),
      JSON.stringify({ since: Date.now(), seen: [] }),
    );
    // Updated after this browser's first sign-in (the double's own clock is in 2025).
    const updated = [3, 7].map((index) => service.dataset.list()[index]!.id);
    updated.forEach((id, n) => service.dataset.touch(id, Math.floor(Date.now() / 1000) + 60 + n));
    const page = await fetchConversationPage(session, { statusIds: [], limit: 50 }, undefined);
    const drawn = document.createElement('div');
    document.body.append(drawn);
    // As it is once its first frame is painted: the rows in view, then the rest of the page.
    paintInbox(
      drawn,
      { page, serviceUrl: TEST_SERVICE_URL, statusIds: [], search: '' },
      createHandOver(),
    )();

    const { container } = renderApp();
    await within(await screen.findByRole('list', { name: 'Conversations' })).findAllByRole('link');
    const painted = firstScreen(drawn);
    drawn.remove();
    const app = firstScreen(container);
    for (const id of updated) {
      expect(painted.rows.get(String(id))).toContain('>New</span>');
      expect(painted.rows.get(String(id))).toBe(app.rows.get(String(id)));
    }
    const marked = [...app.rows.values()].filter((row) => row.includes('row-new'));
    expect(marked).toHaveLength(2);
    for (const [id, row] of app.rows) expect(painted.rows.get(id)).toBe(row);
  });

  it('draws nothing into a root React has already rendered, or for an empty page', () => {
    const root = document.createElement('div');
    root.append(document.createElement('p'));
    const page = {
      data: [{ id: 1, status: 'open', contactId: 2, inboxId: 3, createdAt: 1, updatedAt: 2 }],
    };
    const first = { page, serviceUrl: TEST_SERVICE_URL, statusIds: [], search: '' };
    paintInbox(root, first, createHandOver());
    expect(root.children).toHaveLength(1);

    const empty = document.createElement('div');
    paintInbox(empty, { ...first, page: { data: [] } }, createHandOver());
    expect(empty.children).toHaveLength(0);
  });

  it('draws the rows in view first and the rest of the page in their places when asked, unless a status box emptied the list meanwhile', () => {
    const page = {
      data: Array.from({ length: 50 }, (_, index) => ({
        id: 1000 - index,
        status: 'open',
        contactId: 2,
        inboxId: 3,
        createdAt: 1,
        updatedAt: 2,
      })),
    };
    const first = { page, serviceUrl: TEST_SERVICE_URL, statusIds: [], search: '' };
    // 64 px rows in a 768 px window: 12 can be in view.
    vi.stubGlobal('innerHeight', 768);
    const draw = () => {
      const root = document.createElement('div');
      document.body.append(root);
      const drawRest = paintInbox(root, first, createHandOver());
      return { root, drawRest, list: within(root).getByRole('list', { name: 'Conversations' }) };
    };

    const { root, drawRest, list } = draw();
    expect(list.children).toHaveLength(12);
    drawRest();
    expect(list.children).toHaveLength(50);
    const last = within(list).getByRole('link', { name: /#951/ }).closest('li')!;
    expect(last).toHaveAttribute('aria-posinset', '50');
    expect(last.style.transform).toBe(`translateY(${49 * 64}px)`);

    const filtered = draw();
    within(filtered.root).getByRole('checkbox', { name: 'Closed' }).click();
    filtered.drawRest();
    expect(filtered.list.children).toHaveLength(0);
    root.remove();
    filtered.root.remove();
  });

  it('hands the scroll position and the keys pressed on the drawn rows to the app', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const page = {
      data: [{ id: 7, status: 'open', contactId: 2, inboxId: 3, createdAt: 1, updatedAt: 2 }],
    };
    const handOver = createHandOver();
    paintInbox(root, { page, serviceUrl: TEST_SERVICE_URL, statusIds: [], search: '' }, handOver);
    const scroller = within(root).getByTestId('conversation-scroller');
    scroller.scrollTop = 120;
    scroller.dispatchEvent(new Event('scroll'));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
    expect(handOver.scrollTop()).toBe(120);
    expect(handOver.takeKeys().map((event) => event.key)).toEqual(['j']);
    // Taken once: a list that starts later does not replay them again.
    expect(handOver.takeKeys()).toEqual([]);
    root.remove();
  });

  it('draws the same sign-in form as the app', async () => {
    const config = { ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL, demoToken: 'demo' };
    const drawn = document.createElement('div');
    paintSignIn(drawn, config, createHandOver());
    const { container } = renderApp({ session: null, config });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(canonical(drawn.firstChild!)).toBe(canonical(container.querySelector('main')!));
    // The Language select is part of both: a language can be chosen before signing in.
    expect(within(drawn).getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English');
  });

  it('hands what the agent typed, the focus and a press of Sign in to the app', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const handOver = createHandOver();
    paintSignIn(root, { ...DEFAULT_CONFIG }, handOver);
    const form = within(root);
    const url = form.getByLabelText<HTMLInputElement>('Service URL');
    url.value = TEST_SERVICE_URL;
    const token = form.getByLabelText<HTMLInputElement>('Access token');
    token.value = TEST_TOKEN;
    token.focus();
    form.getByRole('button', { name: 'Sign in' }).click();
    const typed = handOver.typedSignIn();
    root.remove();

    useService({ conversations: 3 });
    renderApp({ session: null, handOver: { ...handOver, typedSignIn: () => typed } });
    // The app signs in with what was typed, without the agent pressing Sign in again.
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findAllByRole('link')).toHaveLength(3);
    expect(JSON.parse(sessionStorage.getItem('threadline.session')!)).toEqual(session);
  });

  it('hands a field over as the agent left it: a paste over the selected URL replaces it', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const handOver = createHandOver();
    paintSignIn(root, { ...DEFAULT_CONFIG, serviceUrl: TEST_SERVICE_URL }, handOver);
    const drawn = within(root).getByLabelText<HTMLInputElement>('Service URL');
    // The agent selects the prefilled URL to paste another over it...
    drawn.focus();
    drawn.select();

    // ...and the app takes the form over in between, in the element it was drawn in.
    const { user } = renderApp({ session: null, handOver, container: root });
    const url = await screen.findByLabelText<HTMLInputElement>('Service URL');
    expect(url).not.toBe(drawn);
    expect(url).toHaveFocus();
    expect([url.selectionStart, url.selectionEnd]).toEqual([0, TEST_SERVICE_URL.length]);
    await user.paste('https://other.test/api');
    expect(url).toHaveValue('https://other.test/api');
  });
});
