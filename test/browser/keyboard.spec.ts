import type { Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../service-double/index';
import { conversationList, expect, listRequests, signIn, test, EVERY_ENGINE } from './fixtures';

/** A row's link by its conversation id (its name starts with "#id "). */
function row(page: Page, id: number) {
  return conversationList(page).getByRole('link', { name: new RegExp(`^#${id} `) });
}

function focusedRowId(page: Page) {
  return page.evaluate(() =>
    Number(document.activeElement?.getAttribute('data-conversation-id') ?? NaN),
  );
}

/** How many rows the list holds (the virtualized list is ROW_HEIGHT px per row). */
function loadedRows(page: Page) {
  return conversationList(page).evaluate((list: HTMLElement) =>
    Math.round(parseFloat(list.style.height) / 64),
  );
}

test(
  'j/↓ and k/↑ move a visible selection, separate from the open conversation',
  { tag: EVERY_ENGINE },
  async ({ page, service }) => {
    await signIn(page, service);
    const ids = service.state.dataset.list().map((conversation) => conversation.id);
    await page.keyboard.press('j');
    await expect(row(page, ids[0]!)).toBeFocused();
    await expect(row(page, ids[0]!)).toHaveClass(/row-selected/);
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await expect(row(page, ids[2]!)).toBeFocused();
    await expect(row(page, ids[0]!)).not.toHaveClass(/row-selected/);
    await page.keyboard.press('k');
    await expect(row(page, ids[1]!)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(row(page, ids[0]!)).toBeFocused();
    // The selection is drawn differently from the open conversation, which alone has aria-current.
    // (A bar at the row's start: its border-inline-start, transparent on other rows.)
    const marks = await row(page, ids[0]!).evaluate(
      (link) => getComputedStyle(link).borderInlineStartColor,
    );
    expect(marks).not.toBe('rgba(0, 0, 0, 0)');
    await expect(row(page, ids[0]!)).not.toHaveAttribute('aria-current');

    // A long run: the virtualizer keeps the selected row in view.
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('j');
    // Polled by id, so a failure names the row that has focus instead.
    await expect.poll(() => focusedRowId(page)).toBe(ids[30]);
    await expect(row(page, ids[30]!)).toBeInViewport();
  },
);

/**
 * Signs in to 400 conversations, lets the list settle, then holds every further list page and
 * walks j down to the last loaded row, with the next page on hold. Returns that row's index in
 * `ids` and the release of the held pages.
 */
async function selectLastLoadedRow(page: Page, service: RunningServiceDouble, ids: number[]) {
  let holding = false;
  let held = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/conversations/list') && url.searchParams.has('next'),
    async (route) => {
      if (holding) {
        held += 1;
        await released;
      }
      await route.continue();
    },
  );
  await signIn(page, service);
  let state = '';
  while (state !== (state = `${await loadedRows(page)}/${listRequests(service).length}`)) {
    await page.waitForTimeout(1000);
  }
  holding = true;
  let last = -1;
  for (let step = 0; step < 400; step += 1) {
    await page.keyboard.press('j');
    const rows = await loadedRows(page);
    const focused = ids.indexOf(await focusedRowId(page));
    if (held > 0 && focused === rows - 1) {
      last = focused;
      break;
    }
  }
  return { last, release };
}

test('j crosses a page boundary: it loads the next page, then moves onto its first row', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 400 });
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  const { last, release } = await selectLastLoadedRow(page, service, ids);
  expect(last).toBeGreaterThan(50);
  await expect(
    page.getByTestId('conversation-scroller').getByText('Loading more conversations…'),
  ).toBeVisible();

  // One more j waits for the page instead of doing nothing…
  await page.keyboard.press('j');
  await expect(row(page, ids[last]!)).toBeFocused();
  // …and moves onto the page's first row once it is there.
  release();
  await expect(row(page, ids[last + 1]!)).toBeFocused();
  await expect(row(page, ids[last + 1]!)).toBeInViewport();
  // Each page was asked for once.
  const cursors = listRequests(service)
    .map((params) => params.get('next'))
    .filter((next) => next !== null);
  expect(new Set(cursors).size).toBe(cursors.length);
});

test('j waiting for the next page leaves the focus in the finder the agent has turned to', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 400 });
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  const { last, release } = await selectLastLoadedRow(page, service, ids);
  expect(last).toBeGreaterThan(50);
  await page.keyboard.press('j');
  await page.keyboard.press('/');
  const field = page.getByRole('searchbox', { name: 'Find in conversations' });
  await expect(field).toBeFocused();

  // The page lands: the selection moves onto its first row, the focus stays in the field…
  release();
  await expect(row(page, ids[last + 1]!)).toHaveClass(/row-selected/);
  await expect(field).toBeFocused();
  // …so what the agent types is a query, not shortcuts (o would open a conversation).
  await page.keyboard.type('open');
  await expect(field).toHaveValue('open');
  await expect(page).toHaveURL('/?q=open');
});

test(
  'Enter and o open the selection, Esc closes it and focus goes back to its row',
  { tag: EVERY_ENGINE },
  async ({ page, service }) => {
    await signIn(page, service, { path: '/?status=open' });
    const ids = service.state.dataset.list([1]).map((conversation) => conversation.id);

    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/conversations/${ids[1]}?status=open`);
    const heading = page.getByRole('heading', { name: `Conversation #${ids[1]}` });
    await expect(heading).toBeFocused();
    await expect(row(page, ids[1]!)).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/?status=open');
    await expect(heading).toHaveCount(0);
    await expect(row(page, ids[1]!)).toBeFocused();

    await page.keyboard.press('j');
    await page.keyboard.press('o');
    await expect(page).toHaveURL(`/conversations/${ids[2]}?status=open`);
    await expect(page.getByRole('heading', { name: `Conversation #${ids[2]}` })).toBeFocused();
    // j/k work from the pane too; Esc then closes it and the agent stays where j took them.
    await page.keyboard.press('j');
    await expect(row(page, ids[3]!)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/?status=open');
    await expect(row(page, ids[3]!)).toBeFocused();
    await expect(row(page, ids[3]!)).toHaveClass(/row-selected/);
  },
);

test(
  '? opens the shortcuts dialog; Esc and Close shut it and focus returns',
  { tag: EVERY_ENGINE },
  async ({ page, service }) => {
    await signIn(page, service);
    const first = service.state.dataset.list()[0]!.id;
    await page.keyboard.press('j');
    await expect(row(page, first)).toBeFocused();

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    // Read in the page: Playwright's allTextContents() inside this modal dialog crashed Firefox
    // ESR's content process over BiDi (Realm.sys.mjs, "argument is not a global object"), 3 of 3.
    const keys = await dialog.evaluate((element) =>
      [...element.querySelectorAll('kbd')].map((key) => key.textContent ?? ''),
    );
    expect(keys).toEqual(expect.arrayContaining(['j', '↓', 'k', '↑', 'Enter', 'o', 'Esc', '?']));
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row(page, first)).toBeFocused();

    await page.keyboard.press('?');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, first)).toBeFocused();
    // Closing the dialog does not close anything else or move the selection.
    await expect(page).toHaveURL('/');

    // Shortcuts are off while it is open, and the page behind is inert: Tab never reaches it.
    // (Last: past the dialog's end Firefox moves focus out to its own toolbar, as it may.)
    await page.keyboard.press('?');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('j');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () =>
            document.activeElement === document.body || !!document.activeElement?.closest('dialog'),
        ),
      ).toBe(true);
    }
    await expect(page).toHaveURL('/');
  },
);

test('the shortcuts dialog is drawn in the key’s frame and is modal before the next key, painted or not', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const state = () =>
    dialog.evaluate((element) => ({
      modal: element.matches(':modal'),
      box: JSON.stringify(element.getBoundingClientRect()),
    }));

  // Painted: it turns modal on its own.
  await page.keyboard.press('?');
  await expect.poll(async () => (await state()).modal).toBe(true);
  const modalBox = (await state()).box;
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // No frame painted yet (animation frames held back): the dialog is already where the modal one
  // is, and the next key makes it modal before anything behind it can take that key.
  await page.evaluate(() => {
    window.requestAnimationFrame = () => 0;
  });
  await page.keyboard.press('?');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await state()).toEqual({ modal: false, box: modalBox });
  await page.keyboard.press('Tab');
  expect((await state()).modal).toBe(true);
  expect(
    await page.evaluate(
      () => document.activeElement === document.body || !!document.activeElement?.closest('dialog'),
    ),
  ).toBe(true);
  await page.keyboard.press('j');
  await expect(page).toHaveURL('/');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('shortcuts are off while typing in a field and with Ctrl, Meta or Alt', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  await page.evaluate(() => {
    const field = document.createElement('textarea');
    field.setAttribute('aria-label', 'Notes');
    document.body.append(field);
  });
  const notes = page.getByRole('textbox', { name: 'Notes' });
  await notes.click();
  await page.keyboard.type('jko?');
  await expect(notes).toHaveValue('jko?');
  await expect(notes).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL('/');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+j');
  await page.keyboard.press('Alt+j');
  expect(await focusedRowId(page)).toBeNaN();
  await page.keyboard.press('j');
  expect(await focusedRowId(page)).toBe(service.state.dataset.list()[0]!.id);
});

test('Esc brings the closed conversation back into view and focuses it', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { name: `Conversation #${ids[1]}` })).toBeFocused();
  // The agent scrolls the list far away while reading.
  await page
    .getByTestId('conversation-scroller')
    .evaluate((element) => element.scrollTo({ top: 64 * 120 }));
  await expect(row(page, ids[1]!)).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(row(page, ids[1]!)).toBeFocused();
  await expect(row(page, ids[1]!)).toBeInViewport();
});

/** Conversation ids of the rows wholly inside the list's visible area, top to bottom. */
function idsInView(page: Page) {
  return page.getByTestId('conversation-scroller').evaluate((scroller) => {
    const view = scroller.getBoundingClientRect();
    return Array.from(scroller.querySelectorAll('[data-conversation-id]'))
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= view.top && box.bottom <= view.bottom;
      })
      .map((row) => Number(row.getAttribute('data-conversation-id')));
  });
}

test('after scrolling with the wheel, j and k go on from the rows in view instead of jumping back', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const scroller = page.getByTestId('conversation-scroller');
  const box = (await scroller.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const wheelDown = async () => {
    const before = await scroller.evaluate((element) => element.scrollTop);
    for (let i = 0; i < 3; i += 1) await page.mouse.wheel(0, 1_000);
    await expect
      .poll(() => scroller.evaluate((element) => element.scrollTop))
      .toBeGreaterThan(before + 1_500);
  };

  // Nothing selected yet: j selects the first row in view, where it is.
  await wheelDown();
  const scrolledTo = await scroller.evaluate((element) => element.scrollTop);
  const inView = await idsInView(page);
  await page.keyboard.press('j');
  await expect.poll(() => focusedRowId(page)).toBe(inView[0]);
  expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(scrolledTo - 200);

  // A selection scrolled out of view: j goes on from the rows in view, and so does k.
  await wheelDown();
  const later = await idsInView(page);
  await page.keyboard.press('j');
  await expect.poll(() => focusedRowId(page)).toBe(later[0]);
  await wheelDown();
  const further = await idsInView(page);
  await page.keyboard.press('k');
  await expect.poll(() => focusedRowId(page)).toBe(further.at(-1));
  // In view, the selection moves as before.
  await page.keyboard.press('k');
  await expect.poll(() => focusedRowId(page)).toBe(further.at(-2));
  // Half of it in view (scrolled to the bottom edge) still counts: j moves on to the next row.
  const selected = further.at(-2)!;
  await scroller.evaluate((element, id) => {
    const row = element.querySelector(`[data-conversation-id="${id}"]`)!;
    const shift = row.getBoundingClientRect().top - (element.getBoundingClientRect().bottom - 32);
    element.scrollTop += shift;
  }, selected);
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  await page.keyboard.press('j');
  await expect.poll(() => focusedRowId(page)).toBe(ids[ids.indexOf(selected) + 1]);
});
