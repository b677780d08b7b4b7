// The employees' workspace: a team lead runs a project on its board (cards added, one moved with the mouse, one
// with the keyboard only, a WIP limit refusing a third) while a member watching the same board sees the moves
// within the polling interval and after a reload; a member on a phone (390 px) adds a card and moves it to another
// column; an admin publishes a training module, a member completes it and the team lead sees 100 %; a member's
// dashboard shows the team contract to sign, and the lead's the team's signatures, at 1280 and 390 px.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import {
  authHeaders,
  createAdmin,
  createClient,
  createTeamlead,
  createTeammember,
  expectStatus,
  loginSuperadmin,
  storageStateFor,
  uniqueSuffix,
  type Auth,
} from './support/accounts';
import { watchConsole, type ConsoleWatch } from './support/console';
import { createProjectViaApi } from './support/projects-api';

/** The board's poll (4 s) plus room for the request and the render: still within five seconds of a slow machine. */
const WITHIN_A_POLL = { timeout: 9_000 };
// A dashboard's first paint waits on a dozen queries and its charts: on a busy machine that can take half a minute.
const DASHBOARD_LOADED = { timeout: 30_000 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Session = { page: Page; console: ConsoleWatch; close: () => Promise<void> };

async function openSession(browser: Browser, auth: Auth, baseURL: string, path: string, viewport = DESKTOP): Promise<Session> {
  const isPhone = viewport.width < 600;
  const context = await browser.newContext({ baseURL, storageState: storageStateFor(auth, baseURL), viewport, hasTouch: isPhone, isMobile: isPhone });
  const page = await context.newPage();
  const watch = watchConsole(page);
  await page.goto(path);
  return { page, console: watch, close: () => context.close() };
}

/** Every panel of the page has loaded: nothing says "Loading" any more. */
async function expectLoaded(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, DASHBOARD_LOADED);
}

async function boardColumnsOf(request: APIRequestContext, auth: Auth, projectId: string) {
  const res = await request.get(`/api/projects/${projectId}/board`, { headers: authHeaders(auth) });
  const board = await expectStatus<{ columns: { name: string; cards: { title: string }[] }[] }>(res, 200, 'board');
  return board.columns.map((c) => `${c.name}: ${c.cards.map((x) => x.title).join(', ')}`);
}

/** A project of a new client, approved with the lead and the member (and started, unless asked not to). */
async function staffedProject(request: APIRequestContext, lead: Auth, member: Auth, title: string) {
  const client = await createClient(request);
  const owner = await loginSuperadmin(request);
  const project = await createProjectViaApi(request, client, { title, description: 'A project run on its board.' });
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, {
      headers: authHeaders(owner),
      data: { team_lead_id: lead.user.id, member_ids: [member.user.id] },
    }),
    200,
    'approve',
  );
  await expectStatus(
    await request.post(`/api/projects/${project.id}/status`, { headers: authHeaders(lead), data: { status: 'in_progress' } }),
    200,
    'start',
  );
  return project.id;
}

const column = (page: Page, name: string) => page.locator(`[data-testid="board-column"][data-column-name="${name}"]`);
const titlesIn = (page: Page, name: string) => column(page, name).getByTestId('card-title');
const cardNamed = (page: Page, title: string) => page.getByTestId('board-card').filter({ hasText: title });

async function addCard(page: Page, columnName: string, title: string) {
  const col = column(page, columnName);
  if ((await col.getByTestId('add-card-form').count()) === 0) await col.getByTestId('add-card-button').click();
  const input = col.getByRole('textbox', { name: `New card title in ${columnName}` });
  await input.fill(title);
  await input.press('Enter');
  await expect(titlesIn(page, columnName).filter({ hasText: title })).toHaveCount(1);
}

/** Presses Tab until the card has the focus: the keyboard, and nothing else, gets there. */
async function tabTo(page: Page, card: Locator) {
  const id = await card.getAttribute('data-card-id');
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((cardId) => document.activeElement?.getAttribute('data-card-id') === cardId, id)) return;
  }
  throw new Error(`the card ${id} never took the focus`);
}

/** Drags a card with the mouse over `target` and holds it there; `release` drops it. */
async function holdWithMouse(page: Page, card: Locator, target: Locator): Promise<{ release: () => Promise<void> }> {
  // A keyboard move may have scrolled the columns sideways: bring the first ones back into view.
  await page.getByTestId('board-columns').evaluate((el) => el.scrollTo({ left: 0 }));
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag, or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // The mouse sensor starts a drag after 5 px; then the pointer travels to the middle of the target list.
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height - 10, 40), { steps: 20 });
  return { release: () => page.mouse.up() };
}

async function dragWithMouse(page: Page, card: Locator, target: Locator) {
  await (await holdWithMouse(page, card, target)).release();
}

/**
 * Drags a card with a finger (real touch events) onto `target` and holds it there; `release` lifts the finger. The
 * touch sensor starts a drag once the finger has rested 200 ms on the card.
 */
async function holdByTouch(page: Page, card: Locator, target: Locator): Promise<{ release: () => Promise<void> }> {
  // The row of tabs scrolls sideways: the finger goes to a tab it can see, as a person's would.
  await target.evaluate((el) => el.scrollIntoView({ inline: 'center', block: 'nearest' }));
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag, or nowhere to drop');
  const cdp = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => [{ x, y, id: 1 }];
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(start.x, start.y) });
  await page.waitForTimeout(350);
  for (let i = 1; i <= 16; i += 1) {
    const t = i / 16;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t),
    });
  }
  return {
    release: async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

/** Adds a card through the API. */
async function cardViaApi(request: APIRequestContext, auth: Auth, projectId: string, columnId: string, title: string) {
  const created = await request.post(`/api/projects/${projectId}/board/cards`, { headers: authHeaders(auth), data: { column_id: columnId, title } });
  await expectStatus(created, 201, `card ${title}`);
}

test.describe('the board', () => {
  test('a team lead adds cards and moves one with the mouse and one with the keyboard; a member sees it; a WIP limit refuses a third', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const lead = await createTeamlead(request, { name: `Lena Lead ${uniqueSuffix()}` });
    const member = await createTeammember(request, { name: `Mia Member ${uniqueSuffix()}` });
    const projectId = await staffedProject(request, lead, member, `Booking site ${uniqueSuffix()}`);
    const boardPath = `/kanban-board?project=${projectId}`;

    // The member has the board open before anything happens on it.
    const watcher = await openSession(browser, member, baseURL!, boardPath);
    await expect(watcher.page.getByTestId('board-column')).toHaveCount(5);

    const leadSession = await openSession(browser, lead, baseURL!, boardPath);
    const page = leadSession.page;
    await expect(page.getByTestId('board-column')).toHaveCount(5);
    // Side by side, cards are dragged between columns (and the page says so).
    await expect(page.getByTestId('kanban-page').locator('p').first()).toContainText('Drag cards between columns');
    for (const title of ['Wireframes', 'Booking API', 'Privacy notice']) await addCard(page, 'To do', title);
    await expect(titlesIn(page, 'To do')).toHaveText(['Wireframes', 'Booking API', 'Privacy notice']);
    await expect(column(page, 'To do').getByTestId('column-count')).toHaveText('3');

    // The mouse: Wireframes goes to In progress.
    await dragWithMouse(page, cardNamed(page, 'Wireframes'), column(page, 'In progress').getByRole('list'));
    await expect(titlesIn(page, 'In progress')).toHaveText(['Wireframes']);
    await expect(titlesIn(page, 'To do')).toHaveText(['Booking API', 'Privacy notice']);

    // The keyboard only: Tab to Booking API, Space picks it up, two arrows right, Space drops it in Review.
    await tabTo(page, cardNamed(page, 'Booking API'));
    await page.keyboard.press('Space');
    await expect(page.getByText(/Picked up Booking API|Booking API is now in To do/).first()).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Booking API is now in In progress', { exact: false }).first()).toBeAttached();
    await expect(titlesIn(page, 'In progress')).toContainText(['Booking API']);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Booking API is now in Review', { exact: false }).first()).toBeAttached();
    await page.keyboard.press('Space');
    await expect(titlesIn(page, 'Review')).toHaveText(['Booking API']);
    await expect(page.getByText('Dropped Booking API in Review, position 1 of 1.')).toBeAttached();
    // The server has both moves: the next poll keeps them where they are.
    await expect
      .poll(() => boardColumnsOf(request, lead, projectId))
      .toEqual(['Backlog: ', 'To do: Privacy notice', 'In progress: Wireframes', 'Review: Booking API', 'Done: ']);

    // The member's open board catches up on its own, within the polling interval; and after a reload.
    await expect(titlesIn(watcher.page, 'In progress')).toHaveText(['Wireframes'], WITHIN_A_POLL);
    await expect(titlesIn(watcher.page, 'Review')).toHaveText(['Booking API'], WITHIN_A_POLL);
    await watcher.page.reload();
    await expect(titlesIn(watcher.page, 'To do')).toHaveText(['Privacy notice']);
    await expect(titlesIn(watcher.page, 'In progress')).toHaveText(['Wireframes']);
    await expect(titlesIn(watcher.page, 'Review')).toHaveText(['Booking API']);

    // The lead limits In progress to one card; moving a second one in is refused with the limit's message and undone.
    await column(page, 'In progress').getByTestId('column-menu-button').click();
    await page.getByTestId('column-edit').click();
    await page.getByTestId('column-form').locator('input[name="wip_limit"]').fill('1');
    await page.getByTestId('column-save').click();
    await expect(column(page, 'In progress')).toHaveAttribute('data-at-limit', 'true');
    await expect(column(page, 'In progress').getByTestId('column-count')).toHaveText('1 / 1');
    // While the card is over the full column, the column says it cannot take it, and the card waits in its own.
    const held = await holdWithMouse(page, cardNamed(page, 'Privacy notice'), column(page, 'In progress').getByRole('list'));
    const blocked = column(page, 'In progress').getByTestId('drop-blocked');
    await expect(blocked).toBeVisible();
    await expect(blocked).toContainText('Cannot drop here');
    await expect(blocked).toContainText('In progress is at its WIP limit of 1');
    // The dragged card says it too, where the pointer is.
    await expect(page.getByTestId('card-drop-blocked')).toHaveText('Cannot drop here');
    await expect(titlesIn(page, 'In progress')).toHaveText(['Wireframes']);
    await expect(titlesIn(page, 'To do')).toHaveText(['Privacy notice']);
    await expectLoaded(page);
    await held.release();
    await expect(page.locator('.Toastify').getByText('"In progress" is at its WIP limit of 1 card; finish or move a card out first')).toBeVisible();
    await expect(blocked).toHaveCount(0);
    await expect(titlesIn(page, 'To do')).toHaveText(['Privacy notice']);
    await expect(titlesIn(page, 'In progress')).toHaveText(['Wireframes']);

    // Moving a card to the last column marks it done.
    await cardNamed(page, 'Booking API').click();
    const dialog = page.getByTestId('card-dialog');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Booking API');
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'Done' }).click();
    await expect(titlesIn(page, 'Done')).toHaveText(['Booking API']);
    await expect(dialog.getByText(/^Done since/)).toBeVisible();
    await dialog.getByTestId('card-dialog-close').click();

    expect(leadSession.console.problems()).toEqual([]);
    expect(watcher.console.problems()).toEqual([]);
    await leadSession.close();
    await watcher.close();
  });

  test('a member on a phone (390 px) switches columns with the tabs and moves a card to another column', async ({ browser, request, baseURL }) => {
    test.setTimeout(90_000);
    const lead = await createTeamlead(request, { name: `Pia Lead ${uniqueSuffix()}` });
    const member = await createTeammember(request, { name: `Pat Member ${uniqueSuffix()}` });
    const projectId = await staffedProject(request, lead, member, `Phone project ${uniqueSuffix()}`);

    const session = await openSession(browser, member, baseURL!, `/kanban-board?project=${projectId}`, PHONE);
    const page = session.page;
    const tabs = page.getByTestId('column-tabs');
    // One column at a time: Backlog first, the others behind their tabs.
    await expect(tabs.getByRole('tab')).toHaveCount(5);
    await expect(page.getByTestId('board-column')).toHaveCount(1);
    await expect(tabs.getByRole('tab', { name: 'Backlog (0)' })).toHaveAttribute('aria-selected', 'true');

    await tabs.getByRole('tab', { name: 'To do (0)' }).click();
    await expect(page.getByTestId('board-column')).toHaveAttribute('data-column-name', 'To do');
    await addCard(page, 'To do', 'Call the venue');
    await addCard(page, 'To do', 'Book the photographer');
    await expect(tabs.getByRole('tab', { name: 'To do (2)' })).toBeVisible();
    // The column fits the phone: nothing sideways to scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The card dialog fills the screen; its column picker moves the card to In progress.
    await cardNamed(page, 'Call the venue').click();
    const dialog = page.getByTestId('card-dialog');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Call the venue');
    const box = await dialog.getByRole('dialog').boundingBox();
    expect(box?.width).toBe(PHONE.width);
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Column' })).toHaveText('In progress');
    await dialog.getByTestId('card-dialog-close').click();
    await expect(dialog).toBeHidden();

    await expect(titlesIn(page, 'To do')).toHaveText(['Book the photographer']);
    await expect(tabs.getByRole('tab', { name: 'In progress (1)' })).toBeVisible();
    await tabs.getByRole('tab', { name: 'In progress (1)' }).click();
    await expect(page.getByTestId('board-column')).toHaveAttribute('data-column-name', 'In progress');
    await expect(titlesIn(page, 'In progress')).toHaveText(['Call the venue']);
    await expect
      .poll(() => boardColumnsOf(request, lead, projectId))
      .toEqual(['Backlog: ', 'To do: Book the photographer', 'In progress: Call the venue', 'Review: ', 'Done: ']);
    await expectLoaded(page);

    // After a reload the card is still there.
    await page.reload();
    await tabs.getByRole('tab', { name: 'In progress (1)' }).click();
    await expect(titlesIn(page, 'In progress')).toHaveText(['Call the venue']);

    expect(session.console.problems()).toEqual([]);
    await session.close();
  });
});

test.describe('the board on a phone', () => {
  test('at 390 px a card moves to another column by a drag onto its tab, by its Move to menu and by the keyboard; a full column says so while the card is over its tab', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const lead = await createTeamlead(request, { name: `Rio Lead ${uniqueSuffix()}` });
    const member = await createTeammember(request, { name: `Ray Member ${uniqueSuffix()}` });
    const projectId = await staffedProject(request, lead, member, `Phone moves ${uniqueSuffix()}`);
    const board = await expectStatus<{ columns: { id: string; name: string }[] }>(
      await request.get(`/api/projects/${projectId}/board`, { headers: authHeaders(lead) }),
      200,
      'board',
    );
    const columnId = (name: string) => board.columns.find((c) => c.name === name)!.id;
    for (const title of ['Call the venue', 'Book the photographer', 'Print the menus'])
      await cardViaApi(request, lead, projectId, columnId('To do'), title);
    // Review is full: one card against a limit of one.
    await cardViaApi(request, lead, projectId, columnId('Review'), 'Check the sound');
    await expectStatus(
      await request.patch(`/api/board/columns/${columnId('Review')}`, { headers: authHeaders(lead), data: { wip_limit: 1 } }),
      200,
      'limit',
    );

    const session = await openSession(browser, member, baseURL!, `/kanban-board?project=${projectId}`, PHONE);
    const page = session.page;
    const tabs = page.getByTestId('column-tabs');
    const tab = (name: string) => tabs.locator(`[data-testid="column-tab"][data-column-name="${name}"]`);
    // The page says what works at this width: tabs and the Move to button, not dragging between columns.
    const hint = page.getByTestId('kanban-page').locator('p').first();
    await expect(hint).toContainText('drag it onto another column’s tab');
    await expect(hint).toContainText('Move to');
    await expect(hint).not.toContainText('Drag cards between columns');
    await tab('To do').click();
    await expect(titlesIn(page, 'To do')).toHaveText(['Call the venue', 'Book the photographer', 'Print the menus']);

    // A finger drags Call the venue onto the In progress tab: the tab and a line above the column say where it goes.
    const toProgress = await holdByTouch(page, cardNamed(page, 'Call the venue'), tab('In progress'));
    await expect(tab('In progress')).toHaveAttribute('data-drop', 'over');
    await expect(page.getByTestId('drop-hint')).toHaveText('Drop to move it to In progress');
    await expectLoaded(page);
    await toProgress.release();
    await expect(titlesIn(page, 'To do')).toHaveText(['Book the photographer', 'Print the menus']);
    await expect(tab('In progress')).toHaveText('In progress (1)');
    await expect(page.locator('.Toastify').getByText('Moved “Call the venue” to In progress')).toBeVisible();
    await expect
      .poll(() => boardColumnsOf(request, lead, projectId))
      .toEqual(['Backlog: ', 'To do: Book the photographer, Print the menus', 'In progress: Call the venue', 'Review: Check the sound', 'Done: ']);

    // Over the full Review tab, the drag says it cannot drop there before the finger lifts; lifted, nothing moves.
    const toReview = await holdByTouch(page, cardNamed(page, 'Book the photographer'), tab('Review'));
    await expect(tab('Review')).toHaveAttribute('data-drop', 'blocked');
    await expect(page.getByTestId('drop-blocked')).toHaveText('Cannot drop here: Review is at its WIP limit of 1');
    await expect(page.getByTestId('card-drop-blocked')).toHaveText('Cannot drop here');
    await expectLoaded(page);
    await toReview.release();
    await expect(page.locator('.Toastify').getByText('"Review" is at its WIP limit of 1 card; finish or move a card out first')).toBeVisible();
    await expect(titlesIn(page, 'To do')).toHaveText(['Book the photographer', 'Print the menus']);
    await expect(tab('Review')).toHaveText('Review (1)');

    // The card's Move to menu: the full column is offered but greyed out; Done takes the card.
    await cardNamed(page, 'Book the photographer').getByTestId('card-move-button').tap();
    const menu = page.getByRole('menu', { name: 'Move “Book the photographer” to' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Backlog', 'In progress', /^Review/, 'Done']);
    await expect(menu.getByRole('menuitem', { name: /Review/ })).toHaveAttribute('aria-disabled', 'true');
    // (The photograph waits for the menu to finish growing in.)
    await page.waitForTimeout(400);
    await expectLoaded(page);
    await expect(page.getByTestId('card-drop-blocked')).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Done' }).tap();
    await expect(titlesIn(page, 'To do')).toHaveText(['Print the menus']);
    await expect(tab('Done')).toHaveText('Done (1)');
    await expect(page.locator('.Toastify').getByText('Moved “Book the photographer” to Done')).toBeVisible();

    // The keyboard: the menu from the card's button, or the card picked up with Space and carried to the next tab.
    await tabTo(page, cardNamed(page, 'Print the menus'));
    await page.keyboard.press('Space');
    await expect(page.getByText(/Picked up Print the menus|Print the menus is now in To do/).first()).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Print the menus is over the In progress tab', { exact: false }).first()).toBeAttached();
    await page.keyboard.press('Space');
    await expect(titlesIn(page, 'To do')).toHaveCount(0);
    await expect(tab('In progress')).toHaveText('In progress (2)');
    await expect
      .poll(() => boardColumnsOf(request, lead, projectId))
      .toEqual(['Backlog: ', 'To do: ', 'In progress: Call the venue, Print the menus', 'Review: Check the sound', 'Done: Book the photographer']);

    await tab('In progress').click();
    await page.getByTestId('card-move-button').last().focus();
    await page.keyboard.press('Enter');
    const keyMenu = page.getByRole('menu', { name: 'Move “Print the menus” to' });
    await expect(keyMenu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(keyMenu.getByRole('menuitem', { name: 'To do' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(titlesIn(page, 'In progress')).toHaveText(['Call the venue']);
    await expect(tab('To do')).toHaveText('To do (1)');
    await expect
      .poll(() => boardColumnsOf(request, lead, projectId))
      .toEqual(['Backlog: ', 'To do: Print the menus', 'In progress: Call the venue', 'Review: Check the sound', 'Done: Book the photographer']);

    expect(session.console.problems()).toEqual([]);
    await session.close();
  });
});

test.describe('training', () => {
  test('an admin publishes a module, a member completes it and the team lead sees 100 %', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await createAdmin(request);
    const lead = await createTeamlead(request, { name: `Lee Lead ${uniqueSuffix()}` });
    const member = await createTeammember(request, { name: `Max Member ${uniqueSuffix()}` });
    await staffedProject(request, lead, member, `Team project ${uniqueSuffix()}`);
    const moduleTitle = `Definition of done ${uniqueSuffix()}`;

    const adminSession = await openSession(browser, admin, baseURL!, '/training-materials');
    const adminPage = adminSession.page;
    await adminPage.getByTestId('new-module-title').fill(moduleTitle);
    await adminPage.getByTestId('create-module').click();
    const editor = adminPage.getByTestId('module-editor');
    await expect(editor).toContainText(moduleTitle);
    await editor.getByTestId('add-material').click();
    const form = adminPage.getByTestId('material-form');
    await form.locator('input[name="title"]').fill('Done means reviewed and tested');
    await form.locator('textarea[name="content"]').fill('1. Reviewed by a peer\n2. **Tested** on a phone');
    await form.getByTestId('save-material').click();
    await expect(editor.getByTestId('material-row')).toHaveCount(1);
    await expect(editor.getByTestId('material-row').locator('strong')).toHaveText('Tested');
    await editor.getByTestId('assign-teammember').check();
    await editor.getByTestId('save-assignment').click();
    await expect(adminPage.getByText('Assignment saved')).toBeVisible();
    await editor.getByTestId('publish-module').click();
    await expect(adminPage.getByTestId('module-item').filter({ hasText: moduleTitle })).toContainText('Published');

    const memberSession = await openSession(browser, member, baseURL!, '/employee/training');
    const memberPage = memberSession.page;
    const module = memberPage.getByTestId('training-module').filter({ hasText: moduleTitle });
    await expect(module.getByTestId('module-percent')).toHaveText('0 %');
    const summary = module.getByRole('button', { name: new RegExp(moduleTitle) });
    await summary.click();
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    const material = module.getByTestId('training-material');
    await expect(material).toBeInViewport();
    // The server's answer to the click, so that a refused completion reads as such and not as a missed click.
    const [completion] = await Promise.all([
      memberPage.waitForResponse((answer) => answer.url().endsWith('/complete') && answer.request().method() === 'POST'),
      module.getByTestId('complete-material').click(),
    ]);
    expect(completion.status(), await completion.text()).toBe(200);
    await expect(material).toHaveAttribute('data-completed', 'true');
    await expect(module.getByTestId('module-percent')).toHaveText('100 %');

    const leadSession = await openSession(browser, lead, baseURL!, '/employee/training');
    const progress = leadSession.page.getByTestId('training-progress');
    await expect(progress.getByTestId('progress-row').filter({ hasText: member.user.name })).toBeVisible();
    // The chart names every module's team average, whatever module columns the table has room for (other journeys
    // publish modules too). The module is for team members only, so the lead's own progress does not count in it.
    await expect(progress.getByRole('img', { name: `${moduleTitle}: 100% on average` })).toBeVisible();

    for (const session of [adminSession, memberSession, leadSession]) {
      expect(session.console.problems()).toEqual([]);
      await session.close();
    }
  });
});

/** A published module with one material, for both employee roles; its material's id. */
async function publishModule(request: APIRequestContext, admin: Auth, title: string): Promise<string> {
  const created = await expectStatus<{ module: { id: string } }>(
    await request.post('/api/training/modules', { headers: authHeaders(admin), data: { title, description: 'One material to read.' } }),
    201,
    `module ${title}`,
  );
  const id = created.module.id;
  const material = await expectStatus<{ material: { id: string } }>(
    await request.post(`/api/training/modules/${id}/materials`, { headers: authHeaders(admin), data: { title: 'Read me', content: 'The gist.' } }),
    201,
    'material',
  );
  const assign = await request.put(`/api/training/modules/${id}/assignment`, {
    headers: authHeaders(admin),
    data: { roles: ['teamlead', 'teammember'] },
  });
  await expectStatus(assign, 200, 'assign');
  await expectStatus(
    await request.patch(`/api/training/modules/${id}`, { headers: authHeaders(admin), data: { status: 'published' } }),
    200,
    'publish',
  );
  return material.material.id;
}

test.describe('training progress', () => {
  test("the team lead's matrix shows every module column beside Overall at 1024 and 1280 px, scrolling sideways with a cue", async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await createAdmin(request);
    const lead = await createTeamlead(request, { name: `Lou Lead ${uniqueSuffix()}` });
    const member = await createTeammember(request, { name: `Mia Member ${uniqueSuffix()}` });
    await staffedProject(request, lead, member, `Matrix project ${uniqueSuffix()}`);
    const suffix = uniqueSuffix();
    const titles = ['Security basics', 'Definition of done', 'Code review', 'Accessibility'].map((t) => `${t} ${suffix}`);
    const materials: string[] = [];
    for (const title of titles) materials.push(await publishModule(request, admin, title));
    // The member finishes the last module only: a matrix without that column would contradict its Overall.
    await expectStatus(await request.post(`/api/training/materials/${materials[3]}/complete`, { headers: authHeaders(member) }), 200, 'complete');
    // Other journeys publish modules too: the matrix shows every module the lead's team has.
    const listed = await request.get('/api/training/progress', { headers: authHeaders(lead) });
    const every = (await expectStatus<{ modules: { title: string }[] }>(listed, 200, 'progress')).modules.map((m) => m.title);
    expect(every).toEqual(expect.arrayContaining(titles));

    for (const width of [1024, 1280]) {
      const session = await openSession(browser, lead, baseURL!, '/employee/training', { width, height: 900 });
      const page = session.page;
      const progress = page.getByTestId('training-progress');
      const row = progress.getByTestId('progress-row').filter({ hasText: member.user.name });
      await expect(row).toBeVisible();
      const headers = progress.getByRole('columnheader');
      await expect(headers.first()).toHaveText('Person');
      expect(await headers.allTextContents()).toEqual(expect.arrayContaining([...every, 'Overall']));

      // The region scrolls sideways when the modules are wider than the card, and then says so.
      const region = progress.locator('[role="region"][data-sideways-scroll="by-design"]');
      const scrolls = (await region.count()) > 0 && (await region.evaluate((el) => el.scrollWidth > el.clientWidth));
      if (width === 1024) expect(scrolls).toBe(true);
      if (scrolls) {
        await expect(progress.getByTestId('table-scroll-hint')).toHaveText(`Scroll sideways to see all ${every.length} modules`);
        await expect(progress.getByTestId('table-scroll-shadow')).toBeVisible();
      }
      await expectLoaded(page);

      // Every module can be brought into view, beside the names held at the table's left edge.
      const table = progress.getByRole('table');
      const name = row.getByRole('cell').first();
      for (const title of [...every, 'Overall']) {
        const header = progress.getByRole('columnheader', { name: title, exact: true });
        await header.scrollIntoViewIfNeeded();
        await expect(header).toBeInViewport({ ratio: 0.95 });
        const [headerBox, nameBox, tableBox] = await Promise.all([header.boundingBox(), name.boundingBox(), table.locator('..').boundingBox()]);
        expect(headerBox!.x).toBeGreaterThanOrEqual(nameBox!.x + nameBox!.width - 1);
        expect(Math.abs(nameBox!.x - tableBox!.x)).toBeLessThanOrEqual(1);
      }
      await expect(row.getByRole('progressbar', { name: `${member.user.name}, ${titles[3]}` })).toHaveAttribute('aria-valuenow', '100');
      await expect(row.getByRole('progressbar', { name: `${member.user.name}, ${titles[0]}` })).toHaveAttribute('aria-valuenow', '0');
      expect(session.console.problems()).toEqual([]);
      await session.close();
    }
  });
});

test.describe('the dashboards', () => {
  test("a member's dashboard shows the team contract to sign and opens it for signing; the lead's shows the team's signatures", async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const lead = await createTeamlead(request, { name: `Liv Lead ${uniqueSuffix()}` });
    const member = await createTeammember(request, { name: `Moe Member ${uniqueSuffix()}` });
    const projectTitle = `Festival site ${uniqueSuffix()}`;
    const projectId = await staffedProject(request, lead, member, projectTitle);
    // Approval made the team's draft contracts; the agency sends the member's.
    const owner = await loginSuperadmin(request);
    const listed = await request.get('/api/contracts', { headers: authHeaders(owner), params: { project_id: projectId, kind: 'team' } });
    const drafts = (await expectStatus<{ items: { id: string; signer: { id: string } }[] }>(listed, 200, 'contracts')).items;
    const contractId = drafts.find((c) => c.signer.id === member.user.id)!.id;
    await expectStatus(await request.post(`/api/contracts/${contractId}/send`, { headers: authHeaders(owner), data: {} }), 200, 'send');

    // The lead sees the member has not signed yet.
    const leadSession = await openSession(browser, lead, baseURL!, '/employee/teamlead-dashboardpage');
    const teamProject = leadSession.page
      .getByTestId('team-contract-status')
      .locator(`[data-testid="team-contract-project"][data-project-id="${projectId}"]`);
    await expect(teamProject.getByTestId('team-contract-signed')).toHaveText('0 of 1 signed', DASHBOARD_LOADED);
    await expect(teamProject.getByTestId('team-contract-awaiting')).toHaveText('1 awaiting signature');
    await expect(teamProject.getByTestId('team-contract-person').filter({ hasText: member.user.name })).toHaveAttribute('data-status', 'sent');

    // The member's dashboard lists the contract to sign, at desktop and phone width.
    const phone = await openSession(browser, member, baseURL!, '/employee/team-memberdashboardpage', PHONE);
    const phoneRow = phone.page.getByTestId('contracts-to-sign').locator(`[data-testid="contract-row"][data-contract-id="${contractId}"]`);
    await expect(phoneRow).toContainText(projectTitle, DASHBOARD_LOADED);
    await expect(phone.page.getByTestId('my-training-summary')).toBeVisible();
    await expectLoaded(phone.page);

    const session = await openSession(browser, member, baseURL!, '/employee/team-memberdashboardpage');
    const page = session.page;
    const toSign = page.getByTestId('contracts-to-sign');
    const row = toSign.locator(`[data-testid="contract-row"][data-contract-id="${contractId}"]`);
    await expect(row.getByRole('link', { name: 'Review & sign' })).toBeVisible(DASHBOARD_LOADED);
    await expect(page.getByTestId('my-training-summary')).toBeVisible();
    await expectLoaded(page);

    // Review & sign opens it on the team contract screen, where the member signs.
    await row.getByRole('link', { name: 'Review & sign' }).click();
    await expect(page).toHaveURL(new RegExp(`/employee/team-contract\\?id=${contractId}$`));
    const panel = page.getByTestId('sign-panel');
    await panel.getByTestId('signature-name').fill(member.user.name);
    await panel.getByTestId('signature-agree').check();
    await panel.getByTestId('sign-button').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign' }).click();
    // Signing seals the PDF on the server, which takes seconds on a busy machine.
    await expect(page.getByTestId('signed-state')).toContainText(`Signed by ${member.user.name}`, { timeout: 30_000 });

    // Back on the dashboard there is nothing left to sign.
    await page.goto('/employee/team-memberdashboardpage');
    await expect(toSign.getByText('Nothing to sign')).toBeVisible(DASHBOARD_LOADED);
    await expect(toSign.getByTestId('contract-row')).toHaveCount(0);

    // The lead's dashboard shows the team signed, at desktop and phone width.
    await leadSession.page.reload();
    await expect(teamProject.getByTestId('team-contract-signed')).toHaveText('1 of 1 signed', DASHBOARD_LOADED);
    await expect(teamProject.getByTestId('team-contract-awaiting')).toHaveCount(0);
    await expect(teamProject.getByTestId('team-contract-person').filter({ hasText: member.user.name })).toHaveAttribute('data-status', 'signed');
    await expect(leadSession.page.getByTestId('board-summaries')).toBeVisible();
    await expectLoaded(leadSession.page);
    const leadPhone = await openSession(browser, lead, baseURL!, '/employee/teamlead-dashboardpage', PHONE);
    const phoneProject = leadPhone.page.locator(`[data-testid="team-contract-project"][data-project-id="${projectId}"]`);
    await expect(phoneProject.getByTestId('team-contract-signed')).toHaveText('1 of 1 signed', DASHBOARD_LOADED);
    await expect(leadPhone.page.getByTestId('board-summaries')).toBeVisible();
    await expectLoaded(leadPhone.page);

    for (const s of [leadSession, phone, session, leadPhone]) {
      expect(s.console.problems()).toEqual([]);
      await s.close();
    }
  });
});
