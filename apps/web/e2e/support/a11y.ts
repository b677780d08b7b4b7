// Accessibility and layout checks shared by the a11y journeys: axe (WCAG 2.1 A and AA and axe's best practices,
// moderate and worse), the page's headings and skip link, and what a width does to the layout (horizontal scroll,
// clipped controls).
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authHeaders, expectStatus, invite, type Auth } from './accounts';
import { linkPath, waitForMail } from './mailbox';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe's best practices: unique landmark names, heading levels in order, one main landmark. */
export const AXE_TAGS = [...WCAG_TAGS, 'best-practice'];
/** What counts: everything but axe's "minor". */
const COUNTED_IMPACTS = new Set(['moderate', 'serious', 'critical']);
/** Off by default in axe-core; the issue asks for it (visible label inside the accessible name). */
export const EXPERIMENTAL_RULE = 'label-content-name-mismatch';

/** One thing found on one screen at one width. */
export type Finding = { screen: string; width: number; rule: string; detail: string; nodes?: number };

/** Waits until the screen has data: a heading shown, nothing loading, nothing moving. */
export async function settle(page: Page): Promise<void> {
  await settleLayout(page, { heading: true });
}

/**
 * Waits, in the page and frame by frame, until nothing is loading (no visible spinner, indeterminate bar or
 * skeleton) and nothing moves (no finite animation or transition: drawers, collapses, fades; spinners loop forever)
 * for two frames in a row, so that React and ResizeObserver have re-rendered after a resize. With `heading`, also
 * until an h1 or h2 shows (for up to 15 s: an error screen may have none).
 */
export async function settleLayout(page: Page, { heading = false } = {}): Promise<void> {
  await page.evaluate(
    ({ heading, loading }) =>
      new Promise<void>((resolve, reject) => {
        const started = performance.now();
        const shows = (el: Element) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        };
        let still = 0;
        const check = () => {
          const elapsed = performance.now() - started;
          const isLoading = Array.from(document.querySelectorAll(loading)).some(shows);
          const isMoving = document
            .getAnimations()
            .some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
          const hasHeading = !heading || elapsed > 15_000 || Array.from(document.querySelectorAll('h1, h2')).some(shows);
          still = !isLoading && !isMoving && hasHeading ? still + 1 : 0;
          if (still >= 2) resolve();
          else if (elapsed > 20_000) reject(new Error(`the screen did not settle in 20 s (${isLoading ? 'still loading' : 'still moving'})`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { heading, loading: LOADING },
  );
}

const LOADING = '.MuiCircularProgress-root, .MuiLinearProgress-indeterminate, .MuiSkeleton-root';

/**
 * Moderate, serious and critical axe violations of the page as it is now: the WCAG 2.1 A and AA rules, axe's best
 * practices (landmarks with unique names, headings one level at a time, a named dialog) and the experimental rule
 * that a control's accessible name contains its visible text (WCAG 2.5.3, label in name).
 */
export async function axeFindings(page: Page, screen: string, width: number, within?: string): Promise<Finding[]> {
  // axe-core (half a megabyte) goes into each document once, not twice per run as AxeBuilder would put it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const builder = new AxeBuilder({ page, axeSource: ';' });
  if (within) builder.include(within);
  const results = await builder
    .options({ resultTypes: ['violations'], rules: { [EXPERIMENTAL_RULE]: { enabled: true } } })
    .withTags(AXE_TAGS)
    // One document, no frames: axe.run in the page, without the extra page that the frame-by-frame mode opens.
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => COUNTED_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      width,
      rule: `axe:${violation.id}`,
      detail: `${violation.impact}: ${violation.help} (${violation.nodes.length} ${violation.nodes.length === 1 ? 'node' : 'nodes'}) — ${violation.nodes
        .slice(0, 6)
        .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`)
        .join(' | ')}${violation.nodes.length > 6 ? ` | …${violation.nodes.length - 6} more` : ''}`,
      nodes: violation.nodes.length,
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

/** Where an element sits when a finding names it: tag, test id or MUI part, and its text. */
type LayoutProblem = { rule: 'page-overflow' | 'card-overflow' | 'scroll-overflow' | 'clipped-control'; detail: string };

/**
 * The layout at the current width, as a person sees it:
 * - page-overflow: the document scrolls sideways;
 * - card-overflow: an element's right edge (as far as it shows) passes the right edge of its card, paper, dialog,
 *   menu or drawer (`.MuiPaper-root`, or `.pub-card` on the public pages), or of the window when it sits in none;
 * - scroll-overflow: a sideways scroll container (overflow-x auto or scroll) holds more than it shows. Tables
 *   collapse columns or turn into cards instead; the only exceptions are containers marked
 *   `data-sideways-scroll="by-design"` in the app (each with a comment saying why) and MUI's scrollable tabs while
 *   their arrow buttons show that there is more;
 * - clipped-control: a button or link cut off by an ancestor that hides its overflow.
 * Each element is reported once, at the outermost element that overflows. With `within` (a dialog, menu or drawer
 * over a screen already checked), only what lies inside it is reported.
 */
export async function layoutFindings(page: Page, screen: string, width: number, within?: string): Promise<Finding[]> {
  const found = await page.evaluate((scope): LayoutProblem[] => {
    const problems: LayoutProblem[] = [];
    const roots = scope ? Array.from(document.querySelectorAll(scope)) : [document.body];
    const inScope = (el: Element) => roots.some((root) => root.contains(el));
    const viewport = document.documentElement.clientWidth;
    const px = (n: number) => Math.round(n);
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      // The most specific MUI part: a card's classes run MuiPaper-root … MuiCard-root.
      const part =
        Array.from(el.classList)
          .filter((c) => /^Mui[A-Za-z]+-root$/.test(c))
          .pop() ?? Array.from(el.classList).find((c) => c.startsWith('Mui') || c === 'pub-card');
      const label = el.getAttribute('aria-label');
      const text = (label ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
      const clipped = text.length > 48 ? `${text.slice(0, 45)}…` : text;
      return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : part ? `.${part}` : ''}>${clipped ? ` "${clipped}"` : ''}`;
    };
    const doc = document.documentElement;
    if (!scope && doc.scrollWidth > viewport + 1) {
      problems.push({
        rule: 'page-overflow',
        detail: `the page scrolls sideways by ${doc.scrollWidth - viewport}px (${doc.scrollWidth}px in a ${viewport}px window)`,
      });
    }

    const isByDesign = (el: Element) => {
      if (el.getAttribute('data-sideways-scroll') === 'by-design') return true;
      // MUI's scrollable tabs: the scroll buttons beside them are the cue that there is more.
      if (el.classList.contains('MuiTabs-scroller')) {
        return Array.from(el.parentElement?.querySelectorAll(':scope > .MuiTabs-scrollButtons') ?? []).some(
          (button) => getComputedStyle(button).display !== 'none',
        );
      }
      return false;
    };
    const FORM_FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
    const CONTROLS = 'button, a[href], [role="button"], [role="link"]';

    type Context = {
      /** The card, paper or dialog around the element, or null (the window). */
      paper: Element | null;
      paperRight: number;
      /** The right edge of what ancestors between the paper and the element let show. */
      clipRight: number;
      /** Inside a sideways scroll container: its own check covers what it holds. */
      inScroller: boolean;
      /** An ancestor already overflows the same container. */
      reported: boolean;
    };

    const visit = (el: Element, ctx: Context) => {
      const style = getComputedStyle(el);
      if (style.display === 'none') return;
      const box = el.getBoundingClientRect();
      const shows = style.display !== 'contents' && style.visibility !== 'hidden' && box.width > 1 && box.height > 1;
      let reported = ctx.reported;
      if (shows && !ctx.inScroller && !reported && inScope(el)) {
        const right = Math.min(box.right, ctx.clipRight);
        const limit = ctx.paper ? ctx.paperRight : viewport;
        if (right > limit + 1) {
          const where = ctx.paper ? describe(ctx.paper).replace(/ ".*$/, '') : 'the window';
          problems.push({ rule: 'card-overflow', detail: `${describe(el)} passes the right edge of ${where} by ${px(right - limit)}px` });
          reported = true;
        }
      }
      const next: Context = { ...ctx, reported };
      // The public pages' cards are plain markup (`.pub-card`), measured like the UI kit's.
      const isPaper = el.classList.contains('MuiPaper-root') || el.classList.contains('pub-card');
      if (isPaper && shows) {
        Object.assign(next, { paper: el, paperRight: box.right, clipRight: Infinity, inScroller: false, reported: false });
      }
      const scrollsX = (style.overflowX === 'auto' || style.overflowX === 'scroll') && el !== document.body && !FORM_FIELDS.has(el.tagName);
      if (scrollsX && shows) {
        const extra = el.scrollWidth - el.clientWidth;
        if (extra > 2 && !isByDesign(el) && inScope(el)) {
          problems.push({
            rule: 'scroll-overflow',
            detail: `${describe(el)} scrolls sideways: ${el.scrollWidth}px of content in ${el.clientWidth}px, ${extra}px hidden`,
          });
        }
        next.inScroller = true;
      } else if (!isPaper && (style.overflowX === 'hidden' || style.overflowX === 'clip')) {
        // (A card that hides its overflow is the edge measured against, not a clip that excuses what passes it.)
        next.clipRight = Math.min(next.clipRight, box.right);
      }
      for (const child of Array.from(el.children)) visit(child, next);
    };
    visit(document.body, { paper: null, paperRight: viewport, clipRight: Infinity, inScroller: false, reported: false });

    // Buttons and links cut off by an ancestor that hides overflow (sideways or vertically), where scrolling
    // cannot bring them into view.
    for (const el of roots.flatMap((root) => Array.from(root.querySelectorAll(CONTROLS)))) {
      const box = el.getBoundingClientRect();
      // Visually hidden (the skip link until focused) or not rendered.
      if (box.width <= 1 || box.height <= 1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      for (let ancestor = el.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const style = getComputedStyle(ancestor);
        const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll';
        const scrollsY = style.overflowY === 'auto' || style.overflowY === 'scroll';
        const clip = ancestor.getBoundingClientRect();
        const cutX = !scrollsX && style.overflowX !== 'visible' && (box.left < clip.left - 1 || box.right > clip.right + 1);
        const cutY = !scrollsY && style.overflowY !== 'visible' && (box.top < clip.top - 1 || box.bottom > clip.bottom + 1);
        if (cutX || cutY) {
          const by = cutX ? Math.max(clip.left - box.left, box.right - clip.right) : Math.max(clip.top - box.top, box.bottom - clip.bottom);
          problems.push({
            rule: 'clipped-control',
            detail: `${describe(el)} is cut off by ${px(by)}px ${cutX ? 'sideways' : 'vertically'} by ${describe(ancestor).replace(/ ".*$/, '')}`,
          });
          break;
        }
        // A scroll container: the control can be scrolled to (and the container is checked as its own).
        if (scrollsX || scrollsY) break;
      }
    }
    return problems;
  }, within);
  return found.map(({ rule, detail }) => ({ screen, width, rule, detail }));
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
  /** The team contracts sent to the lead and the member for signature. */
  leadContractId: string;
  memberContractId: string;
  invoiceId: string;
  invoiceNo: string;
  /** A card on the running project's board. */
  cardId: string;
  /** A published training module assigned to both employee roles. */
  moduleId: string;
  /** Pending invitations: an admin's to open the sign-up page with, one to resend, and an employee's (the admin's). */
  adminInviteToken: string;
  resendInviteEmail: string;
  employeeInviteToken: string;
  employeeInviteEmail: string;
  /** A live password reset link's token (the client's), to open the reset form with. */
  resetToken: string;
};

type Contract = { id: string; kind: string; status: string; signer: { id: string } };

/**
 * A second project of the seed's client, approved with the seed's team: its contracts stay drafts, which staff can
 * edit and send. Answers the client contract's id.
 */
export async function seedDraftContract(request: APIRequestContext, seed: Seed, suffix: string): Promise<string> {
  const created = await request.post('/api/projects', {
    headers: authHeaders(seed.client),
    data: { title: `Loyalty app ${suffix}`, description: 'Points and rewards for returning patients.', budget_minor: 320000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'create project');
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, {
      headers: authHeaders(seed.owner),
      data: { team_lead_id: seed.lead.user.id, member_ids: [seed.member.user.id] },
    }),
    200,
    'approve project',
  );
  const clientDraft = async () =>
    (
      await expectStatus<{ items: Contract[] }>(
        await request.get('/api/contracts', { headers: authHeaders(seed.owner), params: { project_id: project.id, kind: 'client' } }),
        200,
        'contracts',
      )
    ).items.find((c) => c.status === 'draft');
  await expect.poll(async () => (await clientDraft()) !== undefined).toBe(true);
  return (await clientDraft())!.id;
}

export async function seedWorkspace(
  request: APIRequestContext,
  accounts: Pick<Seed, 'owner' | 'admin' | 'client' | 'lead' | 'member'>,
  suffix: string,
  // The reset link counts against the sign-in door's hourly limit per address: journeys that never open the reset
  // form leave it out.
  { resetLink = true }: { resetLink?: boolean } = {},
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
  const memberContract = drafted.find((c) => c.kind === 'team' && c.signer.id === member.user.id)!;
  const leadContract = drafted.find((c) => c.kind === 'team' && c.signer.id === lead.user.id)!;
  for (const contract of [clientContract, memberContract, leadContract]) {
    if (contract && contract.status === 'draft') {
      await expectStatus(await request.post(`/api/contracts/${contract.id}/send`, { headers: authHeaders(owner), data: {} }), 200, 'send contract');
    }
  }

  const invoice = await expectStatus<{ invoice: { id: string; invoice_no: string } }>(
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
  const cardIds: string[] = [];
  for (const [index, title] of ['Booking form', 'Calendar sync', 'Reminder e-mails'].entries()) {
    const column = board.columns[index % board.columns.length];
    const created = await expectStatus<{ card: { id: string } }>(
      await request.post(`/api/projects/${project.id}/board/cards`, {
        headers: authHeaders(lead),
        data: { column_id: column.id, title, assignee_ids: [member.user.id], labels: ['frontend'] },
      }),
      201,
      `card ${title}`,
    );
    cardIds.push(created.card.id);
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

  const adminInvitation = await invite(request, owner, 'admin');
  const resendInvitation = await invite(request, owner, 'admin');
  const employeeInvitation = await invite(request, admin, 'teammember');
  let resetToken = '';
  if (resetLink) {
    await expectStatus(await request.post('/api/auth/password-reset', { data: { email: accounts.client.user.email } }), 202, 'reset link');
    const resetMail = await waitForMail(accounts.client.user.email, /Reset your/);
    resetToken = new URLSearchParams(linkPath(resetMail, '/reset-password').split('?')[1]).get('token')!;
  }

  return {
    ...accounts,
    projectId: project.id,
    projectTitle,
    pendingProjectId: pendingProject.id,
    clientContractId: clientContract.id,
    leadContractId: leadContract.id,
    memberContractId: memberContract.id,
    invoiceId: invoice.invoice.id,
    invoiceNo: invoice.invoice.invoice_no,
    cardId: cardIds[0],
    moduleId,
    adminInviteToken: adminInvitation.token,
    resendInviteEmail: resendInvitation.invitation.email,
    employeeInviteToken: employeeInvitation.token,
    employeeInviteEmail: employeeInvitation.invitation.email,
    resetToken,
  };
}
