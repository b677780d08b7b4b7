// The contract journeys: at 1280 and at 390 px, the super admin approves a project, which creates its contracts, and
// sends the client's; the client opens it, draws a signature (with the mouse on a desktop, by touch on a phone), signs
// and downloads the sealed PDF, which staff can download too. A team member signs a team contract and the team lead
// sees it signed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  authHeaders,
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
import { drawByMouse, drawByTouch } from './support/signature';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Session = { page: Page; console: ConsoleWatch; close: () => Promise<void> };
type ApiContract = {
  id: string;
  status: string;
  kind: string;
  signer: { id: string };
  viewed_at: string | null;
  pdf_url: string | null;
  signature: { pdf_sha256: string } | null;
};

async function openSession(browser: Browser, auth: Auth, baseURL: string, path: string, viewport = DESKTOP): Promise<Session> {
  const isPhone = viewport.width < 600;
  const context = await browser.newContext({ baseURL, storageState: storageStateFor(auth, baseURL), viewport, hasTouch: isPhone, isMobile: isPhone });
  const page = await context.newPage();
  const watch = watchConsole(page);
  await page.goto(path);
  return { page, console: watch, close: () => context.close() };
}

async function contractsOf(request: APIRequestContext, auth: Auth, projectId: string): Promise<ApiContract[]> {
  const response = await request.get('/api/contracts', { headers: authHeaders(auth), params: { project_id: projectId } });
  return (await expectStatus<{ items: ApiContract[] }>(response, 200, 'contracts')).items;
}

async function contractOf(request: APIRequestContext, auth: Auth, id: string): Promise<ApiContract> {
  const response = await request.get(`/api/contracts/${id}`, { headers: authHeaders(auth) });
  return (await expectStatus<{ contract: ApiContract }>(response, 200, `contract ${id}`)).contract;
}

/** The same journey on a desktop and on a phone: every screen at that width, for staff and client alike. */
const JOURNEYS = [
  { viewport: DESKTOP, drawSignature: drawByMouse, drawnBy: 'with the mouse' },
  { viewport: PHONE, drawSignature: drawByTouch, drawnBy: 'by touch' },
] as const;

test.describe('contracts', () => {
  for (const { viewport, drawSignature, drawnBy } of JOURNEYS) {
    const width = viewport.width;
    test(`at ${width} px: the super admin approves and sends; the client draws a signature ${drawnBy}, signs and downloads the sealed PDF; staff download it too`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const client = await createClient(request, { name: `Clara Client ${uniqueSuffix()}` });
      const lead = await createTeamlead(request, { name: `Leo Lead ${uniqueSuffix()}` });
      const owner = await loginSuperadmin(request);
      const project = await createProjectViaApi(request, client, { title: `Clinic booking ${uniqueSuffix()}` });

      // Approving the project in the queue creates its draft contracts.
      const ownerSession = await openSession(browser, owner, baseURL!, '/project-approval', viewport);
      const ownerPage = ownerSession.page;
      await ownerPage.getByTestId('queue-item').filter({ hasText: project.title }).click();
      await ownerPage.getByTestId('approval-detail').getByTestId('approve-button').click();
      const approveDialog = ownerPage.getByTestId('approve-dialog');
      await approveDialog.getByTestId('team-lead-select').click();
      await ownerPage.getByRole('option', { name: new RegExp(lead.user.name) }).click();
      await approveDialog.getByTestId('approve-confirm').click();
      await expect(ownerPage.getByText(`Approved: ${project.title}`)).toBeVisible();
      await expect
        .poll(async () => (await contractsOf(request, owner, project.id)).map((c) => `${c.kind}:${c.status}`).sort())
        .toEqual(['client:draft', 'team:draft']);

      // The contract list, filtered to the project, sends the client's draft.
      const listPath = `/view-superadmin-contracts?project_id=${project.id}`;
      await ownerPage.goto(listPath);
      const list = ownerPage.getByTestId('staff-contracts');
      const clientRow = list.getByTestId('contract-row').filter({ hasText: 'Client contract' });
      await expect(clientRow).toHaveAttribute('data-status', 'draft');
      await expect(list.getByTestId('count-draft')).toContainText('2');
      await clientRow.getByTestId('contract-send').click();
      const sendDialog = ownerPage.getByTestId('send-dialog');
      // The default last day, shown the British way (dd/mm/yyyy) whatever the browser's language.
      await expect(sendDialog.locator('input[name="expires"]')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
      await sendDialog.getByTestId('send-confirm').click();
      await expect(ownerPage.getByText(`Sent to ${client.user.name}`)).toBeVisible();
      await expect(clientRow).toHaveAttribute('data-status', 'sent');
      const contractId = (await clientRow.getAttribute('data-contract-id'))!;
      expect((await contractOf(request, owner, contractId)).status).toBe('sent');

      // The staff detail shows the frozen document and its trail.
      await clientRow.getByTestId('contract-link').click();
      const detail = ownerPage.getByTestId('staff-contract-detail');
      await expect(detail.getByTestId('contract-document')).toContainText(client.user.name);
      await expect(detail.getByTestId('audit-event').last()).toHaveAttribute('data-kind', 'sent');

      // The template editor with its live preview.
      await ownerPage.goto('/contract-templates');
      const editor = ownerPage.getByTestId('template-editor');
      await expect(ownerPage.getByTestId('template-preview')).toContainText('Alex Morgan');
      await editor.getByTestId('template-body').fill('# Heads of terms\n\nFor **{{client.name}}**: {{project.title}} and {{no.such}}.');
      await expect(ownerPage.getByTestId('template-preview')).toContainText('Heads of terms');
      await expect(editor).toContainText('Unknown: {{no.such}}');
      await expect(editor.getByTestId('template-save')).toBeDisabled();

      // The client finds the contract and opens it: the agency sees it was opened.
      const clientSession = await openSession(browser, client, baseURL!, '/sign-contract', viewport);
      const page = clientSession.page;
      const myRow = page.getByTestId('my-contracts').locator(`[data-testid="contract-row"][data-contract-id="${contractId}"]`);
      await expect(myRow.getByTestId('contract-status')).toHaveText('Awaiting signature');
      await myRow.getByTestId('contract-open').click();
      const reader = page.getByTestId('contract-reader');
      await expect(reader.getByTestId('contract-document')).toContainText(project.title);
      await expect.poll(async () => (await contractOf(request, owner, contractId)).viewed_at).not.toBeNull();

      // Name, a drawn signature, consent, then Sign behind a confirmation.
      const panel = page.getByTestId('sign-panel');
      await panel.getByTestId('sign-button').click();
      await expect(panel.getByText('Type your full name to sign')).toBeVisible();
      await expect(panel.getByText('Tick the box to agree to sign electronically')).toBeVisible();
      await panel.getByTestId('signature-name').fill(client.user.name);
      await panel.getByTestId('signature-pad').scrollIntoViewIfNeeded();
      await drawSignature(page, '[data-testid="signature-pad"]');
      await expect(panel.getByTestId('signature-clear')).toBeEnabled();
      await panel.getByLabel('I agree to sign electronically', { exact: true }).check();
      await panel.getByTestId('sign-button').click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText(client.user.name);
      await expect(confirm).toContainText('drawn signature');
      await confirm.getByRole('button', { name: 'Sign' }).click();

      const signed = page.getByTestId('signed-state');
      // The first signature a fresh server seals also generates its certificate and loads the PDF libraries.
      await expect(signed).toContainText(`Signed by ${client.user.name}`, { timeout: 30_000 });
      const stored = await contractOf(request, client, contractId);
      expect(stored.status).toBe('signed');

      // The download is the sealed PDF, byte for byte what the server keeps.
      const [download] = await Promise.all([page.waitForEvent('download'), signed.getByTestId('contract-download').click()]);
      expect(download.suggestedFilename()).toMatch(/-signed\.pdf$/);
      const file = fs.readFileSync(await download.path());
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(crypto.createHash('sha256').update(file).digest('hex')).toBe(stored.signature!.pdf_sha256);

      // The PDF page, outside the template: pages drawn full width, Back and Download.
      await signed.getByTestId('contract-view-pdf').click();
      await expect(page).toHaveURL(new RegExp(`/client/client-contract-page\\?id=${contractId}$`));
      const viewer = page.getByTestId('pdf-viewer');
      // The document's pages and the certificate page.
      await expect.poll(() => viewer.getByTestId('pdf-page').count()).toBeGreaterThanOrEqual(2);
      await expect(page.getByTestId('pdf-download')).toBeVisible();
      await page.waitForTimeout(500);
      await page.getByTestId('pdf-back').click();
      await expect(page.getByTestId('signed-state')).toBeVisible();

      // Staff download the same sealed file straight from their list.
      await ownerPage.goto(listPath);
      await expect(clientRow).toHaveAttribute('data-status', 'signed');
      await expect(clientRow.getByTestId('contract-download')).toBeVisible();
      const [staffDownload] = await Promise.all([ownerPage.waitForEvent('download'), clientRow.getByTestId('contract-download').click()]);
      expect(staffDownload.suggestedFilename()).toMatch(/-signed\.pdf$/);
      const staffFile = fs.readFileSync(await staffDownload.path());
      expect(crypto.createHash('sha256').update(staffFile).digest('hex')).toBe(stored.signature!.pdf_sha256);

      for (const session of [ownerSession, clientSession]) expect(session.console.problems()).toEqual([]);
      await Promise.all([ownerSession.close(), clientSession.close()]);
    });
  }

  test('a team member signs their team contract; the team lead sees it signed', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const client = await createClient(request);
    const lead = await createTeamlead(request, { name: `Tess Lead ${uniqueSuffix()}` });
    const member = await createTeammember(request, { name: `Milo Member ${uniqueSuffix()}` });
    const owner = await loginSuperadmin(request);
    const project = await createProjectViaApi(request, client, { title: `Shop rebuild ${uniqueSuffix()}` });
    await expectStatus(
      await request.post(`/api/projects/${project.id}/approve`, {
        headers: authHeaders(owner),
        data: { team_lead_id: lead.user.id, member_ids: [member.user.id] },
      }),
      200,
      'approve',
    );
    const contracts = await contractsOf(request, owner, project.id);
    const mine = contracts.find((c) => c.kind === 'team' && c.signer.id === member.user.id)!;
    await expectStatus(await request.post(`/api/contracts/${mine.id}/send`, { headers: authHeaders(owner), data: {} }), 200, 'send');

    const session = await openSession(browser, member, baseURL!, '/employee/team-contract');
    const page = session.page;
    const row = page.locator(`[data-testid="contract-row"][data-contract-id="${mine.id}"]`);
    await expect(row.getByTestId('contract-status')).toHaveText('Awaiting signature');
    await row.getByTestId('contract-open').click();
    const panel = page.getByTestId('sign-panel');
    await panel.getByTestId('signature-name').fill(member.user.name);
    await panel.getByTestId('signature-agree').check();
    await panel.getByTestId('sign-button').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign' }).click();
    await expect(page.getByTestId('signed-state')).toContainText(`Signed by ${member.user.name}`);
    expect((await contractOf(request, member, mine.id)).status).toBe('signed');

    // The lead follows the team's signatures (status only; the document is the member's and the agency's).
    const leadSession = await openSession(browser, lead, baseURL!, '/employee/team-contract', PHONE);
    const team = leadSession.page.getByTestId('team-contracts');
    await expect(team.locator(`[data-contract-id="${mine.id}"]`).getByTestId('contract-status')).toHaveText('Signed');

    // The project page shows its contracts to the people on it.
    await leadSession.page.goto(`/employee/teamlead-dashboardpage?id=${project.id}`);
    await expect(
      leadSession.page.getByTestId('project-contracts').getByTestId('project-contract').filter({ hasText: member.user.name }),
    ).toHaveAttribute('data-status', 'signed');

    for (const s of [session, leadSession]) expect(s.console.problems()).toEqual([]);
    await Promise.all([session.close(), leadSession.close()]);
  });
});
