import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { PASSWORD, signIn, topTab } from '../support/app';

// Task boards across two people: cards move live on every screen, and admins shape the boards.

const DEMO = '00000000-0000-4000-8000-000000000001';

async function person(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

interface Board {
  id: string;
  lanes: Array<{ id: string; label: string }>;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const auth = await request.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64')}` },
    data: { account: DEMO, device: 'mobile' },
  });
  return (await auth.json()).token;
}

/** A board made through the API by the admin, so each journey starts from its own. */
async function makeBoard(request: APIRequestContext, boardname: string): Promise<Board> {
  const token = await adminToken(request);
  const res = await request.post('/api/taskboard', {
    headers: { authorization: `Bearer ${token}` },
    data: { boardname, description: 'Made for a journey', lanes: [{ label: 'To Do' }, { label: 'Quoting' }, { label: 'Done' }] },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

const lane = (page: Page, label: string) => page.getByRole('region', { name: `${label} lane` });
/** A card on a board, whole: its title is its control ("Open card …"), the rest of it what the card shows. */
const card = (page: Page, title: string) => page.getByTestId('task-card').filter({ has: page.getByRole('button', { name: `Open card ${title}` }) });

async function addCard(page: Page, title: string, details = '') {
  await lane(page, 'To Do').getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card to To Do' });
  await dialog.getByLabel('Details').fill(details);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Title').press('Enter');
  await expect(dialog).toBeHidden();
}

test("a card dragged across lanes by one person moves on the other person's screen", async ({ browser, request }) => {
  const board = await makeBoard(request, `Renewals ${Date.now()}`);
  const emma = await person(browser, 'employee@demo.test');
  const ethan = await person(browser, 'employee2@demo.test');
  for (const p of [emma.page, ethan.page]) {
    await p.goto(`/tasks/${board.id}`);
    await expect(lane(p, 'To Do')).toBeVisible();
  }

  await addCard(emma.page, 'Auto renewal: Jones', 'Two cars, one teen driver');
  await expect(card(ethan.page, 'Auto renewal: Jones')).toBeVisible();
  await expect(lane(ethan.page, 'To Do').getByTestId('lane-title')).toHaveText('To Do (1)');

  await card(emma.page, 'Auto renewal: Jones').dragTo(lane(emma.page, 'Quoting'));
  await expect(lane(emma.page, 'Quoting').getByRole('button', { name: 'Open card Auto renewal: Jones' })).toBeVisible();
  await expect(lane(ethan.page, 'Quoting').getByRole('button', { name: 'Open card Auto renewal: Jones' })).toBeVisible();
  await expect(lane(ethan.page, 'To Do').getByTestId('lane-title')).toHaveText('To Do (0)');
  await expect(lane(ethan.page, 'Quoting').getByTestId('lane-title')).toHaveText('Quoting (1)');

  await emma.context.close();
  await ethan.context.close();
});

test('add, assign, unassign and delete a card, seen live by a colleague', async ({ browser, request }) => {
  const board = await makeBoard(request, `New business ${Date.now()}`);
  const emma = await person(browser, 'employee@demo.test');
  const adam = await person(browser, 'admin@demo.test');
  await emma.page.goto(`/tasks/${board.id}`);
  await adam.page.goto(`/tasks/${board.id}`);

  await addCard(emma.page, 'Home quote: Smith');
  const onAdam = card(adam.page, 'Home quote: Smith');
  await expect(onAdam).toBeVisible();
  await expect(onAdam).toContainText('Unassigned');

  await emma.page.getByRole('button', { name: 'Assign Home quote: Smith to me' }).click();
  await expect(onAdam).not.toContainText('Unassigned');
  await expect(onAdam.getByText('EE')).toBeVisible();

  // the card's detail shows who has it and since when
  await onAdam.click();
  const drawer = adam.page.getByRole('dialog', { name: 'Home quote: Smith' });
  await expect(drawer.getByText('Emma Ellis').first()).toBeVisible();
  await expect(drawer.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  await emma.page.getByRole('button', { name: 'Unassign Home quote: Smith' }).click();
  await expect(onAdam).toContainText('Unassigned');

  // the card Emma works on stays in view until she sets it aside
  await card(emma.page, 'Home quote: Smith').click();
  await emma.page.getByRole('button', { name: 'Work On This' }).click();
  await expect(emma.page.locator('#main').getByText('Active task: Home quote: Smith')).toBeVisible();
  const emmasDrawer = emma.page.getByRole('dialog', { name: 'Home quote: Smith' });
  await emmasDrawer.getByRole('button', { name: 'Close' }).click();
  await expect(emmasDrawer).toBeHidden();
  // it follows her to other pages, with the same actions; Open brings her back to the card
  await topTab(emma.page, 'Contacts').click();
  await expect(emma.page).toHaveURL(/\/contacts$/);
  const following = emma.page.getByRole('region', { name: 'Active task' });
  await expect(following).toContainText('Active task: Home quote: Smith');
  await expect(following.getByRole('button', { name: 'Set Aside' })).toBeVisible();
  await following.getByRole('button', { name: 'Open' }).click();
  await expect(emma.page).toHaveURL(/\/tasks\/[^/?]+\?card=/);
  await expect(following).toHaveCount(0);
  await emmasDrawer.getByRole('button', { name: 'Close' }).click();
  await expect(emmasDrawer).toBeHidden();
  await emma.page.locator('#main').getByRole('button', { name: 'Set Aside' }).click();
  await expect(emma.page.getByText('Active task: Home quote: Smith')).toHaveCount(0);

  await emma.page.getByRole('button', { name: 'Delete Home quote: Smith' }).click();
  await emma.page.getByRole('dialog').filter({ hasText: 'Delete the card Home quote: Smith?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(card(emma.page, 'Home quote: Smith')).toHaveCount(0);
  await expect(onAdam).toHaveCount(0);

  await emma.context.close();
  await adam.context.close();
});

test('an admin builds a board, an employee works it, and only admins clear a lane', async ({ browser }) => {
  const name = `Claims ${Date.now()}`;
  const adam = await person(browser, 'admin@demo.test');
  await adam.page.goto('/admin/tasks');
  await adam.page.getByRole('button', { name: /New Board/ }).click();
  const form = adam.page.getByRole('dialog', { name: 'New Task Board' });
  await form.getByLabel('Board name').fill(name);
  await form.getByLabel('Description').fill('Open claims we help with');
  await form.getByRole('textbox', { name: /Lane 3/ }).fill('Settled');
  await form.getByRole('button', { name: /Add Lane/ }).click();
  await form.getByRole('textbox', { name: /Lane 4/ }).fill('Reported');
  await form.getByRole('button', { name: 'Move lane 4 up' }).click();
  await form.getByRole('button', { name: 'Move lane 3 up' }).click();
  await form.getByRole('button', { name: 'Move lane 2 up' }).click();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  const row = adam.page.getByTestId('admin-board-row').filter({ hasText: name });
  await expect(row).toContainText('Reported → To Do → In Progress → Settled');

  const emma = await person(browser, 'employee@demo.test');
  await emma.page.goto('/tasks');
  await emma.page.getByRole('link', { name: `Open ${name}` }).click();
  await expect(lane(emma.page, 'Reported')).toBeVisible();
  await expect(lane(emma.page, 'Reported').getByRole('button', { name: 'Clear the Reported lane' })).toHaveCount(0);
  await lane(emma.page, 'Reported').getByRole('button', { name: 'Add card' }).click();
  const dialog = emma.page.getByRole('dialog', { name: 'Add a card to Reported' });
  await dialog.getByLabel('Title').fill('Water damage: Patel');
  await dialog.getByLabel('Title').press('Enter');
  await expect(card(emma.page, 'Water damage: Patel')).toBeVisible();

  // the employee's board is the one /tasks goes back to, until Back
  await emma.page.goto('/tasks');
  await expect(emma.page).toHaveURL(/\/tasks\/[0-9a-f-]{36}/);
  await emma.page.getByRole('button', { name: 'Back to task boards' }).click();
  await expect(emma.page).toHaveURL(/\/tasks$/);

  await row.getByRole('link', { name }).click();
  await lane(adam.page, 'Reported').getByRole('button', { name: 'Clear the Reported lane' }).click();
  const confirm = adam.page.getByRole('dialog').filter({ hasText: 'Sure you want to clear the Reported lane?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(card(adam.page, 'Water damage: Patel')).toHaveCount(0);
  await expect(lane(adam.page, 'Reported').getByTestId('lane-title')).toHaveText('Reported (0)');

  await emma.context.close();
  await adam.context.close();
});

test('an admin builds a board with a tag, and tagging a contact makes its card appear', async ({ browser, request }) => {
  const stamp = Date.now();
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const tag = await (await request.post('/api/tags', { headers, data: { name: `Renewal due ${stamp}` } })).json();
  const client = await (await request.post('/api/clients', { headers, data: { firstName: 'Rita', lastName: `Renew${stamp}` } })).json();
  expect(tag.id).toBeTruthy();
  expect(client.id).toBeTruthy();

  const adam = await person(browser, 'admin@demo.test');
  await adam.page.goto('/admin/tasks');
  await adam.page.getByRole('button', { name: /New Board/ }).click();
  const form = adam.page.getByRole('dialog', { name: 'New Task Board' });
  await form.getByLabel('Board name').fill(`Renewals by tag ${stamp}`);
  await form.getByLabel('Assigned tags').click();
  await adam.page.getByTitle(`Renewal due ${stamp}`).click();
  await form.getByLabel('Board name').click();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await adam.page
    .getByTestId('admin-board-row')
    .filter({ hasText: `Renewals by tag ${stamp}` })
    .getByRole('link')
    .click();
  await expect(lane(adam.page, 'To Do')).toBeVisible();
  // cards of a tagged board come from its tags: no Add card, no Delete
  await expect(adam.page.getByRole('button', { name: 'Add card' })).toHaveCount(0);

  const tagged = await request.put(`/api/clients/${client.id}/tags`, { headers, data: { tags: [{ id: tag.id, isActive: true }] } });
  expect(tagged.ok()).toBe(true);
  const appeared = card(adam.page, `Rita Renew${stamp}`);
  await expect(appeared).toBeVisible();
  await expect(appeared).toContainText(`Tagged Renewal due ${stamp}`);
  await expect(appeared.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // the contact's page shows the board in its Tags tab and the card in its Tasks tab
  const contact = await adam.context.newPage();
  await contact.goto(`/contacts/contact/${client.id}`);
  const progress = contact.getByRole('region', { name: 'Task Board Progress' });
  await expect(progress.getByRole('link', { name: `Renewals by tag ${stamp}` })).toBeVisible();
  await contact.getByRole('main').getByRole('tab', { name: 'Tasks' }).click();
  await expect(contact.getByRole('list', { name: 'Tasks' }).getByRole('link', { name: `Rita Renew${stamp}` })).toBeVisible();
  await contact.close();

  await request.put(`/api/clients/${client.id}/tags`, { headers, data: { tags: [{ id: tag.id, isActive: false }] } });
  await expect(appeared).toHaveCount(0);
  await adam.context.close();
});
