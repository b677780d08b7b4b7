// Accessibility and layout checks shared by the a11y journeys: axe (WCAG 2.1 A and AA, serious and critical only),
// the page's headings and skip link, and what a width does to the layout (horizontal scroll, clipped controls).
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authHeaders, expectStatus, type Auth } from './accounts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One thing found on one screen at one width. */
export type Finding = { screen: string; width: number; rule: string; detail: string };

/** Waits until the screen has data: a heading shown and no spinner, indeterminate bar or skeleton left. */
export async function settle(page: Page): Promise<void> {
  await page
    .locator('h1, h2')
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 })
    .catch(() => undefined);
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 15_000 });
  // Transitions (drawer, collapse, fades) finish before anything is measured.
  await page.waitForTimeout(200);
}

const LOADING = '.MuiCircularProgress-root:visible, .MuiLinearProgress-indeterminate:visible, .MuiSkeleton-root:visible';

/** Serious and critical axe violations of the page as it is now. */
export async function axeFindings(page: Page, screen: string, width: number): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      width,
      rule: `axe:${violation.id}`,
      detail: `${violation.help} — ${violation.nodes
        .slice(0, 6)
        .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`)
        .join(' | ')}${violation.nodes.length > 6 ? ` | …${violation.nodes.length - 6} more` : ''}`,
    }));
}

/** Exactly one h1, and a "Skip to main content" link as the first thing Tab reaches, leading into `main`. */
export async function structureFindings(page: Page, screen: string, width: number): Promise<Finding[]> {
  const findings: Finding[] = [];
  const h1s = await page.locator('h1').allInnerTexts();
  if (h1s.length !== 1) findings.push({ screen, width, rule: 'one-h1', detail: `${h1s.length} h1 elements: ${JSON.stringify(h1s)}` });
  // The first element in Tab order (document order; nothing here uses a positive tabindex).
  const first = await page.evaluate(() => {
    const tabbable = Array.from(
      document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]'),
    ).find(
      (el) => el.tabIndex >= 0 && !el.hasAttribute('disabled') && !el.closest('[inert], [aria-hidden="true"]') && el.getClientRects().length > 0,
    );
    const href = tabbable?.getAttribute('href') ?? '';
    const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
    return { text: tabbable?.textContent?.trim() ?? '', tag: tabbable?.tagName ?? '', target: target?.tagName ?? '' };
  });
  if (first.text !== 'Skip to main content' || first.target !== 'MAIN') {
    findings.push({
      screen,
      width,
      rule: 'skip-link',
      detail: `first Tab stop is <${first.tag}> "${first.text.slice(0, 60)}", target <${first.target}>`,
    });
  }
  return findings;
}

/**
 * The layout at the current width: the document never scrolls sideways, and no visible button or link is cut
 * off by an ancestor that hides overflow (inside a scroll container, scrolling to it is fine).
 */
export async function layoutFindings(page: Page, screen: string, width: number): Promise<Finding[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) problems.push(`document scrolls sideways: scrollWidth ${doc.scrollWidth} > ${window.innerWidth}`);
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const testId = el.getAttribute('data-testid');
      return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ''}> "${text}"`;
    };
    for (const el of Array.from(document.querySelectorAll('button, a[href], [role="button"], [role="link"]'))) {
      const box = el.getBoundingClientRect();
      // Visually hidden (the skip link until focused) or not rendered.
      if (box.width <= 1 || box.height <= 1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      for (let ancestor = el.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const style = getComputedStyle(ancestor);
        const clipsX = style.overflowX !== 'visible';
        const clipsY = style.overflowY !== 'visible';
        if (!clipsX && !clipsY) continue;
        const clip = ancestor.getBoundingClientRect();
        // A scroll container counts when its scrollbar shows or it has scroll buttons (scrollable tabs).
        const affordance = style.scrollbarWidth !== 'none' || ancestor.parentElement?.querySelector(':scope > .MuiTabScrollButton-root') !== null;
        const scrollsX = (style.overflowX === 'auto' || style.overflowX === 'scroll') && affordance;
        const scrollsY = (style.overflowY === 'auto' || style.overflowY === 'scroll') && affordance;
        const cutX = clipsX && !scrollsX && (box.left < clip.left - 1 || box.right > clip.right + 1);
        const cutY = clipsY && !scrollsY && (box.top < clip.top - 1 || box.bottom > clip.bottom + 1);
        if (cutX || cutY) {
          problems.push(
            `${describe(el)} clipped by ${describe(ancestor).split('>')[0]}> (${Math.round(box.left)}..${Math.round(box.right)} in ${Math.round(clip.left)}..${Math.round(clip.right)})`,
          );
          break;
        }
        // The nearest scroll container: the control can be scrolled to, and the container itself is checked as its own.
        if (scrollsX || scrollsY) break;
      }
    }
    return problems;
  });
  return found.map((detail) => ({ screen, width, rule: 'layout', detail }));
}

export function printFindings(title: string, findings: Finding[]): void {
  if (findings.length === 0) {
    console.log(`${title}: no findings`);
    return;
  }
  console.log(`${title}: ${findings.length} findings`);
  for (const f of findings) console.log(`  [${f.width}] ${f.screen} ${f.rule}: ${f.detail}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Seed data: one client with a running project (contract sent, deposit invoiced, a tool request, a message, board
// cards), a second project waiting for approval, a team lead and a member on the running project, a published
// training module assigned to both employee roles, and an admin.

export type Seed = {
  owner: Auth;
  admin: Auth;
  client: Auth;
  lead: Auth;
  member: Auth;
  projectId: string;
  projectTitle: string;
  pendingProjectId: string;
  clientContractId: string;
  invoiceId: string;
};

type Contract = { id: string; kind: string; status: string; signer: { id: string } };

export async function seedWorkspace(
  request: APIRequestContext,
  accounts: Omit<Seed, 'projectId' | 'projectTitle' | 'pendingProjectId' | 'clientContractId' | 'invoiceId'>,
  suffix: string,
): Promise<Seed> {
  const { owner, admin, client, lead, member } = accounts;
  const projectTitle = `Clinic booking ${suffix}`;
  const created = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title: projectTitle, description: 'Online booking for a small clinic.', budget_minor: 480000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'create project');
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, {
      headers: authHeaders(owner),
      data: { team_lead_id: lead.user.id, member_ids: [member.user.id] },
    }),
    200,
    'approve project',
  );
  await expectStatus(
    await request.post(`/api/projects/${project.id}/status`, { headers: authHeaders(lead), data: { status: 'in_progress' } }),
    200,
    'start project',
  );

  const pending = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title: `Shop rebuild ${suffix}`, description: 'A new online shop with a product catalogue.', budget_minor: 250000, currency: 'GBP' },
  });
  const pendingProject = (await expectStatus<{ project: { id: string } }>(pending, 201, 'create pending project')).project;

  // The contracts drafted on approval: the client's and the member's are sent for signature.
  const contracts = async () =>
    (
      await expectStatus<{ items: Contract[] }>(
        await request.get('/api/contracts', { headers: authHeaders(owner), params: { project_id: project.id } }),
        200,
        'contracts',
      )
    ).items;
  await expect.poll(async () => (await contracts()).some((c) => c.kind === 'client')).toBe(true);
  const drafted = await contracts();
  const clientContract = drafted.find((c) => c.kind === 'client')!;
  const memberContract = drafted.find((c) => c.kind === 'team' && c.signer.id === member.user.id);
  for (const contract of [clientContract, memberContract]) {
    if (contract && contract.status === 'draft') {
      await expectStatus(await request.post(`/api/contracts/${contract.id}/send`, { headers: authHeaders(owner), data: {} }), 200, 'send contract');
    }
  }

  const invoice = await expectStatus<{ invoice: { id: string } }>(
    await request.post(`/api/projects/${project.id}/deposit-invoice`, { headers: authHeaders(admin) }),
    201,
    'deposit invoice',
  );

  await expectStatus(
    await request.post('/api/tool-requests', {
      headers: authHeaders(client),
      data: { name: 'Figma professional seat', category: 'Software licence', reason: 'Design reviews with the team.', quantity: 2 },
    }),
    201,
    'tool request',
  );

  await expectStatus(
    await request.post('/api/client/send-message', {
      headers: authHeaders(client),
      data: {
        sender_id: client.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${project.id}:${client.user.id}`,
        message_content: 'Could we move the launch to the first week of next month?',
      },
    }),
    201,
    'send message',
  );

  const board = await expectStatus<{ columns: { id: string; name: string }[] }>(
    await request.get(`/api/projects/${project.id}/board`, { headers: authHeaders(lead) }),
    200,
    'board',
  );
  for (const [index, title] of ['Booking form', 'Calendar sync', 'Reminder e-mails'].entries()) {
    const column = board.columns[index % board.columns.length];
    await expectStatus(
      await request.post(`/api/projects/${project.id}/board/cards`, {
        headers: authHeaders(lead),
        data: { column_id: column.id, title, assignee_ids: [member.user.id], labels: ['frontend'] },
      }),
      201,
      `card ${title}`,
    );
  }

  const trainingModule = await expectStatus<{ module: { id: string } }>(
    await request.post('/api/training/modules', {
      headers: authHeaders(admin),
      data: { title: `Security basics ${suffix}`, description: 'Passwords, phishing and devices.' },
    }),
    201,
    'training module',
  );
  const moduleId = trainingModule.module.id;
  await expectStatus(
    await request.post(`/api/training/modules/${moduleId}/materials`, {
      headers: authHeaders(admin),
      data: { title: 'Spotting phishing', content: 'Check the sender and the link before you click.' },
    }),
    201,
    'training material',
  );
  await expectStatus(
    await request.put(`/api/training/modules/${moduleId}/assignment`, {
      headers: authHeaders(admin),
      data: { roles: ['teamlead', 'teammember'] },
    }),
    200,
    'assign training',
  );
  await expectStatus(
    await request.patch(`/api/training/modules/${moduleId}`, { headers: authHeaders(admin), data: { status: 'published' } }),
    200,
    'publish training',
  );

  return {
    ...accounts,
    projectId: project.id,
    projectTitle,
    pendingProjectId: pendingProject.id,
    clientContractId: clientContract.id,
    invoiceId: invoice.invoice.id,
  };
}
