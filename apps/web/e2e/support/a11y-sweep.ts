// Every screen of every role, and every dialog, drawer and menu they open, as the right person:
// - at 390, 768, 1024, 1280 and 1920 px nothing overflows the page, its card or a scroll container sideways and no
//   button or link is cut off (support/a11y.ts layoutFindings says exactly what counts);
// - at 390 and 1280 px axe finds no moderate, serious or critical violation of WCAG 2.1 A/AA or of axe's best
//   practices (unique landmarks, heading order; plus the label-in-name rule), and each page has exactly one h1 and a
//   "Skip to main content" link as the first Tab stop.
// Each role has one browser context and one page that opens each screen once and is resized through the widths
// (as a person would), collects everything it finds and prints it before asserting that the list is empty.
// The roles are swept in three spec files of about the same length (a11y-*.spec.ts), so that the two end-to-end
// workers share the sweep (one file of them all took 7 minutes on one worker while the other ran the rest); each file
// names its roles. The phone navigation drawer and the public header menu are also checked for keyboard behaviour,
// in a11y-clients.spec.ts.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  authHeaders,
  createAdmin,
  createClient,
  createColleague,
  createTeamlead,
  expectStatus,
  inviteColleague,
  createTeammember,
  loginSuperadmin,
  storageStateFor,
  uniqueSuffix,
  type Auth,
} from './accounts';
import {
  axeFindings,
  layoutFindings,
  printFindings,
  seedDraftContract,
  seedWorkspace,
  settle,
  settleLayout,
  structureFindings,
  type Finding,
  type Seed,
} from './a11y';
import { pngFile } from './messaging-api';

const WIDTHS = [390, 768, 1024, 1280, 1920];
/** axe, the h1 and the skip link are checked at a phone and a desktop width. */
const AXE_WIDTHS = new Set([390, 1280]);
/** Below MUI's md breakpoint (900 px) the dashboard navigation is a drawer; below 992 px the public header collapses. */
const PHONE_NAV_WIDTHS = [390, 768];

type Screen = {
  name: string;
  path: string;
  /** Something to do once the screen has loaded, before it is checked (open a dialog, say). */
  prepare?: (page: Page) => Promise<void>;
  /** The part of the page this state adds (a dialog, menu or drawer): axe and the layout check look only there. */
  within?: string;
  /** Where the state exists, when not at every width. */
  widths?: number[];
};

export type SweepSeed = Seed & {
  draftContractId: string;
  /** A member of the client's company, who sees no amounts, and a pending invitation of the company. */
  colleague: Auth;
  companyId: string;
  companyInviteToken: string;
  companyInviteEmail: string;
  /** A proposal sent on the pending project, waiting for the client's answer. */
  proposalId: string;
  /** An invoice draft of the running project, to add its approved time to. */
  draftInvoiceId: string;
};

/** A proposal on the seed's pending project, with an optional item, sent to the client's company. */
async function seedProposal(request: APIRequestContext, seed: Seed): Promise<string> {
  const created = await request.post('/api/proposals', {
    headers: authHeaders(seed.owner),
    data: {
      project_id: seed.pendingProjectId,
      title: 'Patient portal proposal',
      intro_markdown: 'Thank you for asking us. **Here is our offer.**',
      sections: [{ title: 'Scope', body_markdown: '- Design\n- Build' }],
      items: [
        { description: 'Design and build', quantity: 1, unit_price: 300_000, tax_rate: 20 },
        { description: 'Text message reminders', quantity: 1, unit_price: 40_000, optional: true, selected: false },
      ],
      valid_until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      team_lead_id: seed.lead.user.id,
    },
  });
  const { proposal } = await expectStatus<{ proposal: { id: string } }>(created, 201, 'create proposal');
  await expectStatus(await request.post(`/api/proposals/${proposal.id}/send`, { headers: authHeaders(seed.owner) }), 200, 'send proposal');
  return proposal.id;
}

/**
 * Time and money on the running project: the member's week (time on a card, a receipt-backed expense) submitted to
 * the lead, the lead's own time with a timer running in the app bar, an hourly rate and an invoice draft.
 */
async function seedTime(request: APIRequestContext, s: Seed): Promise<{ draftInvoiceId: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const post = async (auth: Auth, path: string, data: unknown, what: string, status = 201) =>
    expectStatus<{ entry?: { week: string }; expense?: { id: string }; invoice?: { id: string } }>(
      await request.post(path, { headers: authHeaders(auth), data }),
      status,
      what,
    );
  const { entry } = await post(
    s.member,
    '/api/time-entries',
    { card_id: s.cardId, date: today, minutes: 90, note: 'Booking form layout' },
    'member time',
  );
  const { expense } = await post(
    s.member,
    '/api/expenses',
    { project_id: s.projectId, date: today, amount: 4250, category: 'travel', description: 'Train to the clinic workshop' },
    'expense',
  );
  await expectStatus(
    await request.post(`/api/expenses/${expense!.id}/receipt`, { headers: authHeaders(s.member), multipart: { file: pngFile('ticket.png') } }),
    201,
    'receipt',
  );
  await post(s.member, `/api/expenses/${expense!.id}/submit`, {}, 'submit expense', 200);
  await post(s.member, '/api/timesheets/submit', { week: entry!.week }, 'submit week', 200);
  await post(s.lead, '/api/time-entries', { project_id: s.projectId, date: today, minutes: 60 }, 'lead time');
  await post(s.lead, '/api/timers/start', { card_id: s.cardId }, 'lead timer');
  await expectStatus(
    await request.patch(`/api/projects/${s.projectId}/rates`, { headers: authHeaders(s.admin), data: { hourly_rate: 9000 } }),
    200,
    'hourly rate',
  );
  const { invoice } = await post(
    s.admin,
    '/api/invoices',
    { project_id: s.projectId, lines: [{ description: 'Discovery workshop', quantity: 1, unit_price: 10000, tax_rate: 0 }] },
    'invoice draft',
  );
  return { draftInvoiceId: invoice!.id };
}

let seeded: Promise<SweepSeed> | undefined;

/** The shared data, made once per worker for every sweep file it runs (and again only if a failure restarts it). */
export function seed(request: APIRequestContext): Promise<SweepSeed> {
  seeded ??= (async () => {
    const suffix = uniqueSuffix();
    const owner = await loginSuperadmin(request);
    const [admin, client, lead, member] = [
      await createAdmin(request, { name: `Ada Admin ${suffix}` }),
      await createClient(request, { name: `Chloe Client ${suffix}`, company: 'Northwind Clinics' }),
      await createTeamlead(request, { name: `Lee Lead ${suffix}` }),
      await createTeammember(request, { name: `Milo Member ${suffix}` }),
    ];
    const workspace = await seedWorkspace(request, { owner, admin, client, lead, member }, suffix);
    const colleague = await createColleague(request, client, 'member', { name: `Mia Colleague ${suffix}` });
    const companyInvite = await inviteColleague(request, client, 'billing');
    // The colleague writes in the project's conversation too: the chats show each sender's name.
    await expectStatus(
      await request.post('/api/client/send-message', {
        headers: authHeaders(colleague),
        data: {
          sender_id: colleague.user.id,
          receiver_id: owner.user.id,
          conversation_id: `${workspace.projectId}:${client.user.id}`,
          message_content: 'And could the reminders go out by text message?',
        },
      }),
      201,
      'colleague message',
    );
    return {
      ...workspace,
      ...(await seedTime(request, workspace)),
      draftContractId: await seedDraftContract(request, workspace, suffix),
      colleague,
      companyId: client.user.company_id ?? '',
      companyInviteToken: companyInvite.token,
      companyInviteEmail: companyInvite.invitation.email,
      proposalId: await seedProposal(request, workspace),
    };
  })();
  return seeded;
}

export async function openContext(browser: Browser, baseURL: string, auth?: Auth) {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    ...(auth && { storageState: storageStateFor(auth, baseURL) }),
  });
  // A control that never shows fails its screen in seconds rather than the whole role at the test's time limit.
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage(), close: () => context.close() };
}

export async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
}

/**
 * Each screen opened once at its first width, then resized through the others; the layout is checked at every
 * width, axe, the h1 and the skip link at 390 and 1280 px. A screen that cannot be opened or prepared is a finding.
 */
async function sweepOne(page: Page, screen: Screen): Promise<Finding[]> {
  const findings: Finding[] = [];
  const widths = screen.widths ?? WIDTHS;
  try {
    for (const [index, width] of widths.entries()) {
      await resize(page, width);
      if (index === 0) {
        // The page's own scripts are all that load blocks on; settle() waits for the screen's data.
        await page.goto(screen.path, { waitUntil: 'domcontentloaded' });
        await settle(page);
        if (screen.prepare) {
          await screen.prepare(page);
          await settleLayout(page);
        }
      } else {
        await settleLayout(page);
      }
      findings.push(...(await layoutFindings(page, screen.name, width, screen.within)));
      if (AXE_WIDTHS.has(width)) {
        findings.push(...(await axeFindings(page, screen.name, width, screen.within)));
        if (!screen.within) findings.push(...(await structureFindings(page, screen.name, width)));
      }
    }
  } catch (error) {
    findings.push({ screen: screen.name, width: 0, rule: 'open', detail: String(error).split('\n')[0] });
  }
  return findings;
}

/**
 * A role's screens one after the other on one page. One page only: a second page of the same browser, swept beside
 * it, gets its animation frames only now and then while the first is in front, and the frame-by-frame waits made
 * the sweep twice as long.
 */
async function sweep(page: Page, screens: Screen[]): Promise<Finding[]> {
  const results: Finding[] = [];
  for (const screen of screens) results.push(...(await sweepOne(page, screen)));
  return results;
}

// What opens the dialogs, drawers and menus.

const DIALOG = '[role="dialog"]';

async function openDialog(page: Page, opener: ReturnType<Page['getByTestId']>, dialog = page.getByRole('dialog')) {
  await opener.click();
  await expect(dialog).toBeVisible();
}

const openDrawer = async (page: Page) => {
  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('#dashboard-nav').getByRole('navigation')).toBeVisible();
};

const openNotifications = async (page: Page) => {
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-popover')).toBeVisible();
};

const openColumnMenu = async (page: Page) => {
  await page.getByTestId('column-menu-button').first().click();
  await expect(page.getByRole('menu')).toBeVisible();
};

const openColumnRename = async (page: Page) => {
  await openColumnMenu(page);
  await page.getByRole('menuitem', { name: /^Rename/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
};

/** The confirm step of signing: a name typed and the consent given, then Sign. Nothing is signed. */
const openSignConfirm = async (page: Page) => {
  const panel = page.getByTestId('sign-panel');
  await panel.getByTestId('signature-name').fill('Chloe Client');
  await panel.getByTestId('signature-agree').check();
  await panel.getByTestId('sign-button').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
};

/** Two-factor set-up begun: the QR code and the code field, inside the profile's card. */
const openTwoFactorSetup = async (page: Page) => {
  await page.getByTestId('mfa-start').click();
  await expect(page.getByTestId('mfa-setup')).toBeVisible();
};

const openCardDialog = async (page: Page) => {
  await expect(page.getByTestId('card-dialog')).toBeVisible();
  await expect(page.getByTestId('card-form')).toBeVisible();
};

const openCardTime = async (page: Page) => {
  await openCardDialog(page);
  await page.getByTestId('card-tab-time').click();
  await expect(page.getByTestId('card-time-entry').first()).toBeVisible();
};

const openChat = async (page: Page) => {
  await expect(page.getByTestId('chat-dialog')).toBeVisible();
  await expect(page.getByTestId('chat-dialog').getByText('Loading messages…')).toHaveCount(0);
};

/** The states every signed-in role has: the phone drawer open, the notification bell's popover open. */
const chromeStates = (path: string): Screen[] => [
  { name: 'navigation drawer open', path, prepare: openDrawer, within: '#dashboard-nav', widths: PHONE_NAV_WIDTHS },
  { name: 'notifications popover open', path, prepare: openNotifications, within: '[data-testid="notification-popover"]' },
];

const boardStates = (s: SweepSeed, canManageColumns: boolean): Screen[] => [
  { name: 'kanban board', path: `/kanban-board?project=${s.projectId}` },
  { name: 'card dialog', path: `/kanban-board?project=${s.projectId}&card=${s.cardId}`, prepare: openCardDialog, within: DIALOG },
  // On a phone the board shows one column at a time; growing past 600 px puts the columns side by side, which
  // remounts them and closes an open menu: the phone's and the wide board's menus are opened separately.
  ...(canManageColumns
    ? [
        {
          name: 'column menu open (phone)',
          path: `/kanban-board?project=${s.projectId}`,
          prepare: openColumnMenu,
          within: '[role="menu"]',
          widths: [390],
        },
        {
          name: 'column menu open',
          path: `/kanban-board?project=${s.projectId}`,
          prepare: openColumnMenu,
          within: '[role="menu"]',
          widths: WIDTHS.slice(1),
        },
        // The rename dialog belongs to the column's menu, which the phone and the wide board each mount anew.
        {
          name: 'column rename dialog (phone)',
          path: `/kanban-board?project=${s.projectId}`,
          prepare: openColumnRename,
          within: DIALOG,
          widths: [390],
        },
        {
          name: 'column rename dialog',
          path: `/kanban-board?project=${s.projectId}`,
          prepare: openColumnRename,
          within: DIALOG,
          widths: WIDTHS.slice(1),
        },
      ]
    : []),
];

const contractPdf = (id: string): Screen => ({ name: 'contract PDF page', path: `/client/client-contract-page?id=${id}` });

const publicScreens = (s: SweepSeed): Screen[] => [
  { name: 'landing', path: '/' },
  { name: 'home', path: '/home' },
  { name: 'signup chooser', path: '/signup' },
  { name: 'client signup', path: '/client-signup' },
  { name: 'client signup (second path)', path: '/client-signuppage' },
  { name: 'admin signup with an invitation', path: `/protected/admin-signup?token=${encodeURIComponent(s.adminInviteToken)}` },
  { name: 'employee signup with an invitation', path: `/protected/admin-signup?token=${encodeURIComponent(s.employeeInviteToken)}` },
  { name: 'admin signup without a token', path: '/protected/admin-signup' },
  { name: 'company invitation', path: `/company-invitation?token=${encodeURIComponent(s.companyInviteToken)}` },
  { name: 'company invitation without a token', path: '/company-invitation' },
  { name: 'super admin signup (setup key)', path: '/protected/superadmin-signup' },
  { name: 'login', path: '/loginpage' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'reset password', path: `/reset-password?token=${encodeURIComponent(s.resetToken)}` },
  { name: 'reset password (a used link)', path: '/reset-password?token=sweep-token-that-is-not-valid' },
  { name: 'confirm e-mail (expired link)', path: '/confirm-email?token=sweep-token-that-is-not-valid' },
  { name: 'payment success', path: `/paymentsuccess/${encodeURIComponent(s.invoiceNo)}` },
  { name: 'payment cancelled', path: '/paymentcancel' },
  { name: 'unknown route', path: '/no-such-page-here' },
  {
    name: 'public header menu open',
    path: '/home',
    prepare: async (page) => {
      await page.getByTestId('nav-toggle').click();
      await expect(page.locator('#site-nav-menu').getByRole('link', { name: 'Login' })).toBeVisible();
    },
    within: '#site-nav-menu',
    widths: PHONE_NAV_WIDTHS,
  },
];

const clientScreens = (s: SweepSeed): Screen[] => [
  { name: 'client dashboard', path: '/clientdashboardpage' },
  { name: 'client dashboard (second path)', path: '/dashboard' },
  { name: 'create project', path: '/create-project' },
  { name: 'project list', path: '/view-project' },
  { name: 'project detail', path: `/view-project?id=${s.projectId}` },
  { name: 'invoices', path: '/view-invoice' },
  { name: 'invoice detail', path: `/view-invoice?id=${s.invoiceId}` },
  { name: 'tool requests', path: '/tools-req' },
  { name: 'messages', path: '/messages' },
  {
    name: 'chat dialog',
    path: '/messages',
    prepare: async (page) => {
      await page.getByRole('button', { name: new RegExp(`^Open chat about .*${s.projectTitle}`) }).click();
      await openChat(page);
    },
    within: DIALOG,
  },
  { name: 'notifications', path: '/notifications' },
  { name: 'proposal to answer', path: `/proposal?id=${s.proposalId}` },
  {
    name: 'decline proposal dialog',
    path: `/proposal?id=${s.proposalId}`,
    prepare: (page) => openDialog(page, page.getByTestId('decline-button')),
    within: DIALOG,
  },
  { name: 'contracts', path: '/sign-contract' },
  { name: 'contract to sign', path: `/sign-contract?id=${s.clientContractId}` },
  { name: 'sign contract confirm dialog', path: `/sign-contract?id=${s.clientContractId}`, prepare: openSignConfirm, within: DIALOG },
  contractPdf(s.clientContractId),
  { name: 'profile', path: '/profile' },
  { name: 'company', path: '/company' },
  {
    name: 'change role dialog',
    path: '/company',
    prepare: async (page) => {
      await page.getByRole('combobox', { name: `Role of ${s.colleague.user.name}` }).selectOption('billing');
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    within: DIALOG,
  },
  {
    name: 'remove from the company dialog',
    path: '/company',
    prepare: (page) => openDialog(page, page.getByRole('button', { name: `Remove ${s.colleague.user.name}` }).first()),
    within: DIALOG,
  },
  {
    name: 'revoke company invitation dialog',
    path: '/company',
    prepare: (page) => openDialog(page, page.getByRole('button', { name: `Revoke invitation to ${s.companyInviteEmail}` }).first()),
    within: DIALOG,
  },
  ...chromeStates('/clientdashboardpage'),
];

/** A member of the client's company: the projects and the chat, no amounts, the company's people read-only. */
const colleagueScreens = (s: SweepSeed): Screen[] => [
  { name: 'client dashboard (member)', path: '/clientdashboardpage' },
  { name: 'project list (member)', path: '/view-project' },
  { name: 'project detail (member)', path: `/view-project?id=${s.projectId}` },
  { name: 'invoices (member)', path: '/view-invoice' },
  { name: 'invoice detail (member)', path: `/view-invoice?id=${s.invoiceId}` },
  { name: 'company (member)', path: '/company' },
  { name: 'messages (member)', path: '/messages' },
  {
    name: 'chat dialog (member)',
    path: '/messages',
    prepare: async (page) => {
      await page.getByRole('button', { name: new RegExp(`^Open chat about .*${s.projectTitle}`) }).click();
      await openChat(page);
    },
    within: DIALOG,
  },
  ...chromeStates('/clientdashboardpage'),
];

/**
 * The screens admins and the super admin share. The dialogs their records open (and the board's card dialog) are
 * the same components for both roles: they are checked once, as the admin (`withDialogs`).
 */
const staffScreens = (s: SweepSeed, contractsPath: string, invoicesPath: string, withDialogs: boolean): Screen[] =>
  (
    [
      { name: 'all projects', path: '/all-projects' },
      { name: 'project (staff)', path: `/all-projects?id=${s.projectId}` },
      {
        name: 'project status confirm dialog',
        path: `/all-projects?id=${s.projectId}`,
        prepare: (page) => openDialog(page, page.getByTestId('status-action-completed')),
        within: DIALOG,
      },
      { name: 'clients', path: '/clients' },
      { name: 'client company', path: `/clients?id=${s.companyId}` },
      { name: 'webhooks', path: '/webhooks' },
      { name: 'employees', path: '/employees' },
      {
        name: 'revoke invitation dialog',
        path: '/employees',
        prepare: (page) => openDialog(page, page.getByRole('button', { name: `Revoke invitation to ${s.employeeInviteEmail}` }).first()),
        within: DIALOG,
      },
      {
        name: 'cost rate dialog',
        path: '/employees',
        prepare: async (page) => {
          await openDialog(page, page.getByTestId('open-cost-rate').first());
          await expect(page.getByTestId('cost-rate-amount')).toBeVisible();
        },
        within: DIALOG,
      },
      { name: 'tool requests queue', path: '/tool-requests' },
      {
        name: 'decline tool request dialog',
        path: '/tool-requests',
        prepare: (page) => openDialog(page, page.getByRole('button', { name: 'Decline Figma professional seat' }).first()),
        within: DIALOG,
      },
      { name: 'invoices', path: invoicesPath },
      {
        name: 'invoice editor dialog',
        path: invoicesPath,
        prepare: (page) => openDialog(page, page.getByTestId('new-invoice')),
        within: DIALOG,
      },
      { name: 'invoice detail', path: `${invoicesPath}?id=${s.invoiceId}` },
      {
        name: 'record payment dialog',
        path: `${invoicesPath}?id=${s.invoiceId}`,
        prepare: (page) => openDialog(page, page.getByTestId('invoice-record-payment')),
        within: DIALOG,
      },
      { name: 'proposals', path: '/proposals' },
      { name: 'proposal (staff)', path: `/proposals?id=${s.proposalId}` },
      { name: 'contracts', path: contractsPath },
      { name: 'contract detail', path: `${contractsPath}?id=${s.clientContractId}` },
      {
        name: 'void contract dialog',
        path: `${contractsPath}?id=${s.clientContractId}`,
        prepare: (page) => openDialog(page, page.getByTestId('contract-void').first()),
        within: DIALOG,
      },
      {
        name: 'edit contract dialog',
        path: `${contractsPath}?id=${s.draftContractId}`,
        prepare: (page) => openDialog(page, page.getByTestId('contract-edit').first()),
        within: DIALOG,
      },
      {
        name: 'send contract dialog',
        path: `${contractsPath}?id=${s.draftContractId}`,
        prepare: (page) => openDialog(page, page.getByTestId('contract-send').first()),
        within: DIALOG,
      },
      {
        name: 'contract audit trail dialog',
        path: `${contractsPath}?id=${s.clientContractId}`,
        prepare: (page) => openDialog(page, page.getByTestId('contract-audit').first()),
        within: DIALOG,
      },
      contractPdf(s.clientContractId),
      { name: 'contract templates', path: '/contract-templates' },
      { name: 'training materials', path: '/training-materials' },
      { name: 'training module', path: `/training-materials?module=${s.moduleId}` },
      { name: 'training progress', path: '/training-materials?tab=progress' },
      { name: 'time and expenses (weeks)', path: '/time-approvals' },
      {
        name: 'week sent back dialog',
        path: '/time-approvals',
        prepare: (page) => openDialog(page, page.getByTestId('reject-week').first()),
        within: DIALOG,
      },
      { name: 'time and expenses (expenses)', path: '/time-approvals?tab=expenses' },
      { name: 'expenses (staff)', path: '/expenses' },
      { name: 'profitability report', path: '/reports/profitability' },
      {
        name: 'add time and expenses dialog',
        path: `${invoicesPath}?id=${s.draftInvoiceId}`,
        prepare: (page) => openDialog(page, page.getByTestId('bill-time')),
        within: DIALOG,
      },
      ...boardStates(s, true),
      { name: 'profile', path: '/profile' },
    ] satisfies Screen[]
  ).filter((screen) => withDialogs || screen.within !== DIALOG);

const adminScreens = (s: SweepSeed): Screen[] => [
  { name: 'admin dashboard', path: '/admindashboardpage' },
  ...staffScreens(s, '/admindashboard/contracts', '/admindashboard/invoice', true),
  // Two-factor sign-in is for staff; set up (not confirmed) by this sweep's own admin.
  { name: 'two-factor set-up', path: '/profile', prepare: openTwoFactorSetup, within: '[data-testid="two-factor-card"]' },
  ...chromeStates('/admindashboardpage'),
];

const superadminScreens = (s: SweepSeed): Screen[] => [
  { name: 'super admin dashboard', path: '/superadmin-dashboard' },
  { name: 'approval queue', path: '/project-approval' },
  { name: 'project to approve', path: `/project-approval?id=${s.pendingProjectId}` },
  {
    name: 'approve dialog',
    path: `/project-approval?id=${s.pendingProjectId}`,
    prepare: (page) => openDialog(page, page.getByTestId('approve-button')),
    within: DIALOG,
  },
  {
    name: 'proposal editor dialog',
    path: `/project-approval?id=${s.pendingProjectId}`,
    prepare: (page) => openDialog(page, page.getByTestId('send-proposal-button')),
    within: DIALOG,
  },
  {
    name: 'reject dialog',
    path: `/project-approval?id=${s.pendingProjectId}`,
    prepare: (page) => openDialog(page, page.getByTestId('reject-button')),
    within: DIALOG,
  },
  { name: 'admin list', path: '/admin-list' },
  {
    name: 'disable admin dialog',
    path: '/admin-list',
    prepare: (page) => openDialog(page, page.getByRole('button', { name: `Disable ${s.admin.user.name}` }).first()),
    within: DIALOG,
  },
  { name: 'create admin', path: '/create-admin' },
  {
    name: 'new invitation link dialog',
    path: '/admin-list',
    prepare: (page) => openDialog(page, page.getByRole('button', { name: `Resend invitation to ${s.resendInviteEmail}` }).first()),
    within: DIALOG,
  },
  ...staffScreens(s, '/view-superadmin-contracts', '/view-superadmin-invoice', false),
  { name: 'inbox', path: '/superadmin-reply-message' },
  {
    name: 'inbox chat dialog',
    path: '/superadmin-reply-message',
    prepare: async (page) => {
      const conversation = `${s.projectId}:${s.client.user.id}`;
      await page.getByTestId('conversation-row').filter({ hasText: conversation, visible: true }).getByRole('button', { name: 'Reply' }).click();
      await openChat(page);
    },
    within: DIALOG,
  },
  { name: 'audit log', path: '/superadmin-audit-log' },
  {
    name: 'sign out everywhere else dialog',
    path: '/profile',
    prepare: (page) => openDialog(page, page.getByTestId('revoke-others')),
    within: DIALOG,
  },
  // The dashboard stands outside the super-admin template (SPEC section 2): the drawer is the template's.
  ...chromeStates('/project-approval'),
];

const employeeScreens = (s: SweepSeed, dashboard: string, contractId: string, canManageColumns: boolean): Screen[] => [
  { name: 'dashboard', path: dashboard },
  ...boardStates(s, canManageColumns),
  { name: 'card time tab', path: `/kanban-board?project=${s.projectId}&card=${s.cardId}`, prepare: openCardTime, within: DIALOG },
  { name: 'timesheet', path: '/employee/timesheet' },
  { name: 'expenses', path: '/expenses' },
  ...(canManageColumns
    ? [
        {
          name: 'time approvals, a week opened',
          path: '/time-approvals',
          prepare: async (page: Page) => {
            await page.getByTestId('approval-toggle').first().click();
            await expect(page.getByTestId('approval-entries').first()).toBeVisible();
          },
        },
      ]
    : []),
  { name: 'training', path: '/employee/training' },
  { name: 'training module', path: `/employee/training?module=${s.moduleId}` },
  { name: 'team contracts', path: '/employee/team-contract' },
  { name: 'team contract to sign', path: `/employee/team-contract?id=${contractId}` },
  contractPdf(contractId),
  { name: 'profile', path: '/profile' },
  ...chromeStates(dashboard),
];

export type RoleName = 'public' | 'client' | 'client company member' | 'admin' | 'super admin' | 'team lead' | 'team member';

const ROLES: { role: RoleName; auth: (s: SweepSeed) => Auth | undefined; screens: (s: SweepSeed) => Screen[] }[] = [
  { role: 'public', auth: () => undefined, screens: publicScreens },
  { role: 'client', auth: (s) => s.client, screens: clientScreens },
  { role: 'client company member', auth: (s) => s.colleague, screens: colleagueScreens },
  { role: 'admin', auth: (s) => s.admin, screens: adminScreens },
  { role: 'super admin', auth: (s) => s.owner, screens: superadminScreens },
  {
    role: 'team lead',
    auth: (s) => s.lead,
    screens: (s) => employeeScreens(s, '/employee/teamlead-dashboardpage', s.leadContractId, true),
  },
  {
    role: 'team member',
    auth: (s) => s.member,
    screens: (s) => employeeScreens(s, '/employee/team-memberdashboardpage', s.memberContractId, false),
  },
];

/** One test per role named: each of its screens swept at every width, and every finding printed before failing. */
export function sweepRoles(names: RoleName[]) {
  let data: SweepSeed;
  test.beforeAll(async ({ request }) => {
    data = await seed(request);
  });

  for (const { role, auth, screens } of ROLES.filter((r) => names.includes(r.role))) {
    test(`${role}: every screen from 390 to 1920 px fits its page and cards with no clipped control; at 390 and 1280 px no moderate or worse axe violation, one h1 and a skip link`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const started = Date.now();
      const list = screens(data);
      const session = await openContext(browser, baseURL!, auth(data));
      const findings = await sweep(session.page, list);
      await session.close();
      const states = list.reduce((n, screen) => n + (screen.widths ?? WIDTHS).length, 0);
      printFindings(`${role}: ${list.length} screens, ${states} screen widths in ${Math.round((Date.now() - started) / 1000)} s`, findings);
      expect(findings).toEqual([]);
    });
  }
}
