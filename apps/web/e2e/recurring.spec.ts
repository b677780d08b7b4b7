// Recurring invoices: staff set up a client's monthly retainer on the invoices screen, starting today; the job raises
// and sends its first invoice on its own (no one touches it), numbered like every invoice, once; the client finds it
// among their invoices on a phone.
import { expect, test } from '@playwright/test';
import { authHeaders, createClient, createTeamlead, expectStatus, loginSuperadmin, storageStateFor, uniqueSuffix } from './support/accounts';
import { watchConsole } from './support/console';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

test('a retainer set up by staff is invoiced by the job and reaches the client', async ({ browser, request, baseURL }) => {
  // The sweep runs every RECURRING_SWEEP_SECONDS (60 by default) once its first run is scheduled: up to two minutes.
  test.setTimeout(240_000);
  const owner = await loginSuperadmin(request);
  const companyName = `Retainer Co ${uniqueSuffix()}`;
  const client = await createClient(request, { company: companyName });
  const lead = await createTeamlead(request);
  const title = `Care plan ${uniqueSuffix()}`;
  const created = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title, description: 'Monthly care and hosting.', budget_minor: 600_000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'create project');
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, { headers: authHeaders(owner), data: { team_lead_id: lead.user.id } }),
    200,
    'approve',
  );

  // Staff create the retainer in the dialog; its preview shows the coming dates.
  const staff = await browser.newContext({ baseURL, storageState: storageStateFor(owner, baseURL!), locale: 'en-GB' });
  const page = await staff.newPage();
  const pageConsole = watchConsole(page);
  await page.goto('/view-superadmin-invoice');
  await page.getByTestId('new-recurring').click();
  const dialog = page.getByTestId('recurring-dialog');
  // The client company first (searched by name), then one of its projects.
  await dialog.getByLabel('Find a client company').fill(companyName);
  await dialog.getByLabel('Client company', { exact: true }).click();
  await page.getByRole('option', { name: companyName }).click();
  await dialog.getByLabel('Project').click();
  await page.getByRole('option', { name: title }).click();
  await dialog.getByLabel('Description').fill('Monthly retainer');
  await dialog.getByLabel('Unit price').fill('1500');
  await expect(dialog.getByTestId('recurring-total')).toContainText('£1,800.00');
  await expect(dialog.getByTestId('recurring-preview')).toContainText('Next dates:');
  await dialog.getByTestId('recurring-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('recurring-row').filter({ hasText: title });
  await expect(row).toContainText('Monthly');
  await expect(row).toContainText('0 raised');

  // Nobody sends anything: the job raises the period's invoice and sends it.
  type Item = { id: string; invoice_no: string; status: string; total: number; recurring_invoice_id: string | null };
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/invoices?project_id=${project.id}`, { headers: authHeaders(owner) });
        const body = (await res.json()) as { items: Item[] };
        return body.items.filter((i) => i.recurring_invoice_id !== null).map((i) => [i.status, i.total]);
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toEqual([['sent', 180_000]]);
  await page.reload();
  await expect(page.getByTestId('recurring-row').filter({ hasText: title })).toContainText('1 raised');

  // The client finds it among their invoices, on a phone.
  const phone = await browser.newContext({ ...PHONE, baseURL, storageState: storageStateFor(client, baseURL!) });
  const clientPage = await phone.newPage();
  await clientPage.goto('/view-invoice');
  await expect(clientPage.getByText('£1,800.00').first()).toBeVisible();
  expect(pageConsole.problems()).toEqual([]);
  await staff.close();
  await phone.close();
});
