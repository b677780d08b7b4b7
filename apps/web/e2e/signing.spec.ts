// Signing with the consent box ticked by one tap or click: a client signs the client contract and a team member a
// team contract, each by touch at 390 px and with the mouse at 1280 px, with the panel at the bottom of the page.
// The name typed, the signature drawn, one tap on "I agree to sign electronically" ticks it: nothing moves the box
// while the pointer goes down on it and no error about the box shows before the signer submits.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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
import { watchConsole } from './support/console';
import { createProjectViaApi } from './support/projects-api';
import { drawByMouse, drawByTouch } from './support/signature';

// Screenshots of the panel for review (not compared by the suite), beside the other run artefacts.

type ApiContract = { id: string; kind: string; status: string; signer: { id: string } };

/** A project approved with a lead and a member, and the contract of `kind` for its signer sent. */
async function sentContract(request: APIRequestContext, kind: 'client' | 'team'): Promise<{ signer: Auth; contractId: string; path: string }> {
  const client = await createClient(request, { name: `Signe Client ${uniqueSuffix()}` });
  const lead = await createTeamlead(request, { name: `Lena Lead ${uniqueSuffix()}` });
  const member = await createTeammember(request, { name: `Mads Member ${uniqueSuffix()}` });
  const owner = await loginSuperadmin(request);
  const project = await createProjectViaApi(request, client, { title: `Signing ${uniqueSuffix()}` });
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, {
      headers: authHeaders(owner),
      data: { team_lead_id: lead.user.id, member_ids: [member.user.id] },
    }),
    200,
    'approve',
  );
  const listed = await request.get('/api/contracts', { headers: authHeaders(owner), params: { project_id: project.id } });
  const contracts = (await expectStatus<{ items: ApiContract[] }>(listed, 200, 'contracts')).items;
  const signer = kind === 'client' ? client : member;
  const contract = contracts.find((c) => c.kind === kind && c.signer.id === signer.user.id);
  if (!contract) throw new Error(`no ${kind} contract for ${signer.user.name}`);
  await expectStatus(await request.post(`/api/contracts/${contract.id}/send`, { headers: authHeaders(owner), data: {} }), 200, 'send');
  const screen = kind === 'client' ? '/sign-contract' : '/employee/team-contract';
  return { signer, contractId: contract.id, path: `${screen}?id=${contract.id}` };
}

/** Where the consent box is on screen, in viewport pixels. */
async function boxTop(page: Page): Promise<number> {
  const box = await page.getByTestId('signature-agree').boundingBox();
  if (!box) throw new Error('consent box not visible');
  return box.y;
}

const WAYS = [
  { width: 390, height: 844, by: 'touch', draw: drawByTouch },
  { width: 1280, height: 900, by: 'mouse', draw: drawByMouse },
] as const;

test.describe('signing', () => {
  for (const kind of ['client', 'team'] as const) {
    for (const { width, height, by, draw } of WAYS) {
      test(`at ${width} px by ${by}: one tap on the consent box ticks it and the ${kind} contract signs`, async ({ browser, request, baseURL }) => {
        test.setTimeout(120_000);
        const { signer, contractId, path: screenPath } = await sentContract(request, kind);
        const isPhone = by === 'touch';
        const context = await browser.newContext({
          baseURL,
          storageState: storageStateFor(signer, baseURL!),
          viewport: { width, height },
          hasTouch: isPhone,
          isMobile: isPhone,
        });
        const page = await context.newPage();
        const watch = watchConsole(page);
        await page.goto(screenPath);
        const panel = page.getByTestId('sign-panel');
        await expect(panel).toBeVisible();

        // The name typed (the field keeps the focus: drawing on the pad does not take it), the panel scrolled to the
        // bottom of the page, then the signature drawn.
        await panel.getByTestId('signature-name').fill(signer.user.name);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(panel.getByTestId('sign-button')).toBeInViewport();
        await draw(page, '[data-testid="signature-pad"]');
        await expect(panel.getByTestId('signature-clear')).toBeEnabled();
        await expect(panel.getByTestId('signature-name')).toBeFocused();

        // One tap (or click) on the box: the box stays where the pointer went down, and it is ticked.
        const box = panel.getByTestId('signature-agree');
        const before = await boxTop(page);
        if (isPhone) await box.tap();
        else await box.click();
        expect(await boxTop(page)).toBe(before);
        await expect(box).toBeChecked();
        await expect(panel.getByText('Tick the box to agree to sign electronically')).toHaveCount(0);
        await expect(panel.getByText('Type your full name to sign')).toHaveCount(0);

        await panel.getByTestId('sign-button').click();
        const confirm = page.getByTestId('confirm-dialog');
        await expect(confirm).toContainText(signer.user.name);
        await expect(confirm).toContainText('drawn signature');
        await confirm.getByRole('button', { name: 'Sign' }).click();
        await expect(page.getByTestId('signed-state')).toContainText(`Signed by ${signer.user.name}`, { timeout: 30_000 });
        const stored = await request.get(`/api/contracts/${contractId}`, { headers: authHeaders(signer) });
        expect((await expectStatus<{ contract: ApiContract }>(stored, 200, 'contract')).contract.status).toBe('signed');
        expect(watch.problems()).toEqual([]);
        await context.close();
      });
    }
  }
});
