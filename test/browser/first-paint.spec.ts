import type { Page, Route } from '@playwright/test';
import {
  appStarted,
  BROWSER_TOKEN,
  conversationList,
  expect,
  listRequests,
  signIn,
  test,
  typeInto,
} from './fixtures';

// These tests hold back or fail the app's code on the network to see what is drawn before it
// arrives; the app's service worker would serve it from its cache after the first visit
// (offline-start.spec.ts starts the app that way).
test.use({ serviceWorkers: 'block' });

/** A row's link by its conversation id (its name starts with "#id "). */
function row(page: Page, id: number) {
  return conversationList(page).getByRole('link', { name: new RegExp(`^#${id} `) });
}

/** Holds every request for the UI chunk (src/app/start.tsx: its prefetch and its import) until `release`. */
async function holdUiCode(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  return { release, held };
}

test('a signed-in agent sees the first rows before the UI code has loaded, and they stay put', async ({
  page,
  service,
}) => {
  await signIn(page, service, { path: '/?status=open' });
  const ui = await holdUiCode(page);
  const before = listRequests(service).length;
  await page.reload();

  const newestOpen = service.state.dataset.list().find((item) => item.status === 'open')!;
  const first = conversationList(page).getByRole('link').first();
  await expect(first).toContainText(`#${newestOpen.id}`);
  await expect(first).toHaveAttribute('href', `/conversations/${newestOpen.id}?status=open`);
  await expect(page.getByRole('checkbox', { name: 'Open' })).toBeChecked();
  expect(ui.held.length).toBeGreaterThan(0);
  const drawnAt = await first.boundingBox();

  ui.release();
  // Only the React inbox has keyboard shortcuts; the drawn rows were replaced in place.
  await expect(async () => {
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible({
      timeout: 500,
    });
  }).toPass();
  await page.keyboard.press('Escape');
  await expect(first).toContainText(`#${newestOpen.id}`);
  expect(await first.boundingBox()).toEqual(drawnAt);
  await expect(page.getByRole('list', { name: 'Conversations' })).toHaveCount(1);

  // Still one request for the first page: the UI took the page the start-up code fetched.
  const firstPages = listRequests(service)
    .slice(before)
    .filter((params) => params.get('next') === null && params.getAll('statusId').join() === '1');
  expect(firstPages).toHaveLength(1);
});

/** The first screen as the agent sees it: every element's box and text, and the config requests. */
async function firstScreen(page: Page) {
  return page.evaluate(() => {
    const inbox = document.querySelector('.inbox')!;
    // Rows React has not rendered yet (it draws those in view) and the paging footer are left
    // out, as are the app's live region and toasts (outside the inbox, invisible until used) and
    // a dialog kept mounted closed (the shortcut help, once its code is in).
    return [inbox, ...inbox.querySelectorAll('*')]
      .filter((element) => !element.closest('.list-footer, dialog:not([open])'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        if (box.bottom < 0 || box.top > window.innerHeight) return null;
        const own = Array.from(element.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('');
        const boxText = [box.x, box.y, box.width, box.height].map(Math.round).join(',');
        return `${element.localName}.${element.className} ${boxText} ${own}`;
      })
      .filter((line) => line !== null);
  });
}

test('the first paint is the first screen of the app: header, filter and rows, box for box', async ({
  page,
  service,
}) => {
  await signIn(page, service, { path: '/?status=open' });
  const ui = await holdUiCode(page);
  const configRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/config.json')) configRequests.push(request.url());
  });
  await page.reload();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  const drawn = await firstScreen(page);
  expect(drawn.join('\n')).toContain('Sign out');
  expect(drawn.join('\n')).toContain('Downloads');
  // The app's first screen is compared before any later page lands (a later page adds rows, and
  // the last one the status counts): those are the app going on, not the first paint differing.
  let releasePages!: () => void;
  const pagesReleased = new Promise<void>((resolve) => (releasePages = resolve));
  await page.route(
    (url) => url.searchParams.has('next'),
    async (route) => {
      await pagesReleased;
      await route.continue();
    },
  );
  ui.release();
  await appStarted(page);
  expect(await firstScreen(page)).toEqual(drawn);
  releasePages();
  // config.json, preloaded by index.html, is fetched once.
  expect(configRequests).toHaveLength(1);
});

test('the first screen writes only in the faces it shows: hidden words and unchosen languages cost no font', async ({
  page,
  service,
}) => {
  // Each face (size and weight) and each script the first layout meets is a font the browser
  // looks up before the first row is drawn (docs/performance.md, fifteenth session).
  await signIn(page, service);
  const ui = await holdUiCode(page);
  await page.reload();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  expect(ui.held.length).toBeGreaterThan(0);

  const faces = await page.evaluate(() => {
    const face = (element: Element) => {
      const style = getComputedStyle(element);
      return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    };
    const shown = new Set<string>();
    const hidden = new Map<string, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      // Text not laid out at all (display: none, a closed menu) looks nothing up.
      if (!element || !node.textContent?.trim() || !element.checkVisibility()) continue;
      if (element.closest('option')) continue;
      // Words for screen readers only: laid out, clipped to a pixel.
      const box = element.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) hidden.set(face(element), node.textContent.trim());
      else shown.add(face(element));
    }
    return { shown: [...shown], hidden: [...hidden] };
  });
  expect(faces.hidden.length).toBeGreaterThan(0);
  for (const [face, text] of faces.hidden) {
    expect(faces.shown, `"${text}" is written in a face nothing shown uses`).toContain(face);
  }

  // The Language control is as wide as the language it shows, not as its widest option: the
  // options' other scripts are not laid out until it is opened.
  const language = page.getByRole('combobox', { name: 'Language' });
  const [width, alone] = await language.evaluate((select: HTMLSelectElement) => {
    const chosenOnly = select.cloneNode(false) as HTMLSelectElement;
    chosenOnly.append(select.selectedOptions[0]!.cloneNode(true));
    select.after(chosenOnly);
    const widths = [select.getBoundingClientRect().width, chosenOnly.getBoundingClientRect().width];
    chosenOnly.remove();
    return widths;
  });
  expect(width).toBeCloseTo(alone!, 0);
  ui.release();
  await appStarted(page);
});

test('nothing is drawn early for a deep link to a conversation or when the page fails', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const ui = await holdUiCode(page);
  const id = service.state.dataset.list()[0]!.id;
  await page.goto(`/conversations/${id}`);
  await expect.poll(() => ui.held.length).toBeGreaterThan(0);
  await expect(conversationList(page)).toHaveCount(0);
  ui.release();
  await expect(page.getByRole('heading', { name: `Conversation #${id}` })).toBeVisible();

  service.state.faults.enqueue('500');
  await page.unroute(/\/assets\/start-[\w-]+\.js$/);
  const again = await holdUiCode(page);
  await page.goto('/');
  await expect.poll(() => again.held.length).toBeGreaterThan(0);
  await expect(conversationList(page)).toHaveCount(0);
  again.release();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
});

test('before the UI code has loaded, a status checkbox changes the filter and Sign out signs out', async ({
  page,
  service,
}) => {
  await signIn(page, service, { path: '/?status=open' });
  const ui = await holdUiCode(page);
  await page.reload();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Pending' }).check();
  await expect(page).toHaveURL(/\?status=open&status=pending$/);
  // The drawn rows were for Open alone.
  await expect(conversationList(page).getByRole('link')).toHaveCount(0);
  ui.release();
  await expect
    .poll(() => listRequests(service).some((p) => p.getAll('statusId').join() === '1,3'))
    .toBe(true);
  const rows = conversationList(page).getByRole('link');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toMatch(/Open|Pending/);
  await expect(page.getByRole('checkbox', { name: 'Pending' })).toBeChecked();

  const again = await holdUiCode(page);
  await page.reload();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  again.release();
  await expect(page.getByLabel('Access token')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('threadline.session'))).toBeNull();
});

test('keys pressed and scrolling done before the UI code has loaded are not lost', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  const ui = await holdUiCode(page);
  await page.reload();
  const scroller = page.getByTestId('conversation-scroller');
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  // The rows below the window are drawn once the first frame is painted.
  await expect(row(page, ids[30]!)).toBeAttached();
  await scroller.evaluate((element) => element.scrollTo({ top: 64 * 20 }));
  const firstInView = await scroller.evaluate((element) => {
    const view = element.getBoundingClientRect();
    const rows = Array.from(element.querySelectorAll('[data-conversation-id]'));
    const first = rows.find((item) => item.getBoundingClientRect().top >= view.top);
    return Number(first?.getAttribute('data-conversation-id'));
  });
  expect(ids.indexOf(firstInView)).toBeGreaterThanOrEqual(20);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  ui.release();

  // The React list starts where the agent had scrolled, then applies j, j in order: the first
  // starts at the first row in view, the second moves on from it.
  const second = ids[ids.indexOf(firstInView) + 1]!;
  await expect(row(page, second)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Conversation #${second}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row(page, second)).toBeFocused();

  const again = await holdUiCode(page);
  await page.reload();
  await expect(row(page, ids[0]!)).toBeVisible();
  await expect(row(page, ids[30]!)).toBeAttached();
  await scroller.evaluate((element) => element.scrollTo({ top: 64 * 20 }));
  await expect(row(page, ids[0]!)).not.toBeInViewport();
  expect(again.held.length).toBeGreaterThan(0);
  again.release();
  await expect(async () => {
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible({
      timeout: 500,
    });
  }).toPass();
  await page.keyboard.press('Escape');
  expect(await scroller.evaluate((element) => element.scrollTop)).toBe(64 * 20);
  await expect(row(page, ids[20]!)).toBeInViewport();
});

test('when the UI code cannot be fetched, the drawn rows stay with an alert, and Retry starts it', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const uiChunk = /\/assets\/start-[\w-]+\.js$/;
  await page.route(uiChunk, (route) => route.abort('internetdisconnected'));
  await page.reload();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Threadline could not finish loading.');
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();

  await page.unroute(uiChunk);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await appStarted(page);
  await expect(alert).toHaveCount(0);
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('a signed-out agent gets the sign-in form before the UI code has loaded, and keeps what they typed', async ({
  page,
  service,
}) => {
  const ui = await holdUiCode(page);
  await page.goto('/?status=open');
  const url = page.getByLabel('Service URL');
  const token = page.getByLabel('Access token');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(ui.held.length).toBeGreaterThan(0);
  await typeInto(url, service.url);
  await typeInto(token, BROWSER_TOKEN);
  await token.press('Enter');
  ui.release();

  // The app took the form over with the text and the press of Enter: it signs in by itself.
  const newestOpen = service.state.dataset.list().find((item) => item.status === 'open')!;
  await expect(conversationList(page).getByRole('link').first()).toContainText(`#${newestOpen.id}`);
  await appStarted(page);
});

test('a signed-out agent typing while the UI code loads loses nothing: text and focus', async ({
  page,
}) => {
  const ui = await holdUiCode(page);
  await page.goto('/');
  const token = page.getByLabel('Access token');
  await typeInto(token, 'half-typed');
  ui.release();
  await appStarted(page);
  await expect(token).toBeFocused();
  await expect(token).toHaveValue('half-typed');
  await token.pressSequentially('-token');
  await expect(token).toHaveValue('half-typed-token');
});

test('a prefilled URL selected on the drawn form is still selected once the app has it: a paste replaces it', async ({
  page,
}) => {
  const ui = await holdUiCode(page);
  await page.goto('/');
  const url = page.getByLabel('Service URL');
  await expect(url).not.toHaveValue('');
  await url.selectText();
  ui.release();
  await appStarted(page);
  await expect(url).toBeFocused();
  // What a paste does: the text goes in where the selection is.
  await page.keyboard.insertText('https://pasted.example/api');
  await expect(url).toHaveValue('https://pasted.example/api');
});

test('a language picked on the sign-in form before the UI code has loaded is chosen when it arrives', async ({
  page,
}) => {
  const ui = await holdUiCode(page);
  await page.goto('/');
  const token = page.getByLabel('Access token');
  await typeInto(token, 'half-typed');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  ui.release();
  await appStarted(page);
  await expect(page.getByRole('heading', { name: 'Bei Threadline anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Zugriffstoken')).toHaveValue('half-typed');
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  // Remembered as the header's choice is: a reload starts in German.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

test('the pane’s code arrives while the agent reads the list: the first opening does not wait for it', async ({
  page,
  service,
}) => {
  const paneCode: string[] = [];
  // Counted per page load: the signed-out screen fetches the pane's code too, when idle, and
  // signing in to the double (another origin than config.json's) reloads the page.
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) paneCode.length = 0;
    if (/\/assets\/conversation-route-[\w-]+\.js$/.test(request.url()))
      paneCode.push(request.url());
  });
  await signIn(page, service);
  await expect.poll(() => paneCode.length).toBe(1);
  // Opening then needs no more code from the network, only the conversation's messages.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort('failed'));
  await conversationList(page).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Conversation #\d+$/ })).toBeVisible();
  expect(paneCode).toHaveLength(1);
});
