// Every screen of every role at a phone and a desktop width: no serious or critical WCAG 2.1 A/AA violation (axe),
// exactly one h1, a "Skip to main content" link as the first Tab stop; the data-heavy screens from 390 to 1920 px
// never scroll sideways nor cut a button or link off; the phone navigation drawer and the public header menu
// behave for keyboard users. Each role has one browser context that loops over its screens and widths, collects
// everything it finds and prints it before asserting that the list is empty.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  createAdmin,
  createClient,
  createTeamlead,
  createTeammember,
  loginSuperadmin,
  storageStateFor,
  uniqueSuffix,
  type Auth,
} from './support/accounts';
import { axeFindings, layoutFindings, printFindings, seedWorkspace, settle, structureFindings, type Finding, type Seed } from './support/a11y';

const AXE_WIDTHS = [390, 1280];
const SWEEP_WIDTHS = [390, 768, 1024, 1280, 1920];

type Screen = {
  name: string;
  path: string;
  /** Something to do once the screen has loaded, before it is checked (open a dialog, say). */
  prepare?: (page: Page, seed: Seed) => Promise<void>;
};

let seeded: Promise<Seed> | undefined;

/** The shared data, made once per run by whichever test comes first. */
function seed(request: APIRequestContext): Promise<Seed> {
  seeded ??= (async () => {
    const suffix = uniqueSuffix();
    const owner = await loginSuperadmin(request);
    const [admin, client, lead, member] = [
      await createAdmin(request, { name: `Ada Admin ${suffix}` }),
      await createClient(request, { name: `Chloe Client ${suffix}`, company: 'Northwind Clinics' }),
      await createTeamlead(request, { name: `Lee Lead ${suffix}` }),
      await createTeammember(request, { name: `Milo Member ${suffix}` }),
    ];
    return seedWorkspace(request, { owner, admin, client, lead, member }, suffix);
  })();
  return seeded;
}

async function openContext(browser: Browser, baseURL: string, auth?: Auth) {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    ...(auth && { storageState: storageStateFor(auth, baseURL) }),
  });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Opens a screen at the first width; the other widths are reached by resizing the same page (as a person would). */
async function visit(page: Page, screen: Screen, seed: Seed, width: number) {
  await resize(page, width);
  await page.goto(screen.path);
  await settle(page);
  if (screen.prepare) {
    await screen.prepare(page, seed);
    await settle(page);
  }
}

async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
}

/** Each screen at each width, opened once and then resized; `check` looks at it each time. */
async function eachScreenAndWidth(
  page: Page,
  screens: Screen[],
  seed: Seed,
  widths: number[],
  check: (screen: Screen, width: number) => Promise<Finding[]>,
) {
  const findings: Finding[] = [];
  for (const screen of screens) {
    for (const [index, width] of widths.entries()) {
      if (index === 0) await visit(page, screen, seed, width);
      else {
        await resize(page, width);
        await settle(page);
      }
      findings.push(...(await check(screen, width)));
    }
  }
  return findings;
}

/** axe, headings and skip link on every screen at both widths. */
function auditScreens(page: Page, screens: Screen[], seed: Seed): Promise<Finding[]> {
  return eachScreenAndWidth(page, screens, seed, AXE_WIDTHS, async (screen, width) => [
    ...(await axeFindings(page, screen.name, width)),
    ...(screen.prepare ? [] : await structureFindings(page, screen.name, width)),
  ]);
}

/** Horizontal scroll and clipped controls on the data-heavy screens at every width. */
function sweepScreens(page: Page, screens: Screen[], seed: Seed): Promise<Finding[]> {
  return eachScreenAndWidth(page, screens, seed, SWEEP_WIDTHS, (screen, width) => layoutFindings(page, screen.name, width));
}

async function openInboxChat(page: Page, seed: Seed) {
  const conversation = `${seed.projectId}:${seed.client.user.id}`;
  await page.getByTestId('conversation-row').filter({ hasText: conversation, visible: true }).getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByTestId('chat-dialog')).toBeVisible();
  await expect(page.getByTestId('chat-dialog').getByText('Loading messages…')).toHaveCount(0);
}

const PUBLIC: Screen[] = [
  { name: 'landing', path: '/' },
  { name: 'home', path: '/home' },
  { name: 'login', path: '/loginpage' },
  { name: 'signup', path: '/signup' },
  { name: 'client signup', path: '/client-signup' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'payment cancelled', path: '/paymentcancel' },
  { name: 'unknown route', path: '/no-such-page-here' },
];

const clientScreens = (s: Seed): Screen[] => [
  { name: 'client dashboard', path: '/clientdashboardpage' },
  { name: 'create project', path: '/create-project' },
  { name: 'project list', path: '/view-project' },
  { name: 'project detail', path: `/view-project?id=${s.projectId}` },
  { name: 'invoices', path: '/view-invoice' },
  { name: 'invoice detail', path: `/view-invoice?id=${s.invoiceId}` },
  { name: 'tool requests', path: '/tools-req' },
  { name: 'messages', path: '/messages' },
  { name: 'notifications', path: '/notifications' },
  { name: 'profile', path: '/profile' },
  { name: 'contracts', path: '/sign-contract' },
  { name: 'contract to sign', path: `/sign-contract?id=${s.clientContractId}` },
];

const adminScreens = (s: Seed): Screen[] => [
  { name: 'admin dashboard', path: '/admindashboardpage' },
  { name: 'all projects', path: '/all-projects' },
  { name: 'project (staff)', path: `/all-projects?id=${s.projectId}` },
  { name: 'employees', path: '/employees' },
  { name: 'tool requests queue', path: '/tool-requests' },
  { name: 'invoices (admin)', path: '/admindashboard/invoice' },
  { name: 'contracts (admin)', path: '/admindashboard/contracts' },
  { name: 'contract templates', path: '/contract-templates' },
  { name: 'training materials', path: '/training-materials' },
  { name: 'kanban board (admin)', path: `/kanban-board?project=${s.projectId}` },
];

const superadminScreens = (s: Seed): Screen[] => [
  { name: 'super admin dashboard', path: '/superadmin-dashboard' },
  { name: 'all projects', path: '/all-projects' },
  { name: 'project approval', path: `/project-approval?id=${s.pendingProjectId}` },
  { name: 'admin list', path: '/admin-list' },
  { name: 'create admin', path: '/create-admin' },
  { name: 'employees', path: '/employees' },
  { name: 'tool requests queue', path: '/tool-requests' },
  { name: 'invoices (super admin)', path: '/view-superadmin-invoice' },
  { name: 'contracts (super admin)', path: '/view-superadmin-contracts' },
  { name: 'contract templates', path: '/contract-templates' },
  { name: 'inbox', path: '/superadmin-reply-message' },
  { name: 'inbox chat dialog', path: '/superadmin-reply-message', prepare: openInboxChat },
  { name: 'audit log', path: '/superadmin-audit-log' },
  { name: 'profile', path: '/profile' },
];

const teamleadScreens = (s: Seed): Screen[] => [
  { name: 'team lead dashboard', path: '/employee/teamlead-dashboardpage' },
  { name: 'kanban board', path: `/kanban-board?project=${s.projectId}` },
  { name: 'training', path: '/employee/training' },
  { name: 'team contract', path: '/employee/team-contract' },
];

const teammemberScreens = (s: Seed): Screen[] => [
  { name: 'team member dashboard', path: '/employee/team-memberdashboardpage' },
  { name: 'kanban board', path: `/kanban-board?project=${s.projectId}` },
  { name: 'training', path: '/employee/training' },
  { name: 'team contract', path: '/employee/team-contract' },
];

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 240_000 });

  const roles: { role: string; auth: (s: Seed) => Auth | undefined; screens: (s: Seed) => Screen[] }[] = [
    { role: 'public', auth: () => undefined, screens: () => PUBLIC },
    { role: 'client', auth: (s) => s.client, screens: clientScreens },
    { role: 'admin', auth: (s) => s.admin, screens: adminScreens },
    { role: 'super admin', auth: (s) => s.owner, screens: superadminScreens },
    { role: 'team lead', auth: (s) => s.lead, screens: teamleadScreens },
    { role: 'team member', auth: (s) => s.member, screens: teammemberScreens },
  ];

  for (const { role, auth, screens } of roles) {
    test(`${role}: every screen at 390 and 1280 px has no serious or critical WCAG violation, one h1 and a skip link`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const data = await seed(request);
      const session = await openContext(browser, baseURL!, auth(data));
      const findings = await auditScreens(session.page, screens(data), data);
      printFindings(`${role} (axe, h1, skip link)`, findings);
      await session.close();
      expect(findings).toEqual([]);
    });
  }

  test('data-heavy screens from 390 to 1920 px: no sideways scroll, no clipped button or link', async ({ browser, request, baseURL }) => {
    const data = await seed(request);
    const findings: Finding[] = [];
    const sweeps: [Auth, Screen[]][] = [
      [
        data.owner,
        [
          { name: 'super admin dashboard', path: '/superadmin-dashboard' },
          { name: 'all projects', path: '/all-projects' },
          { name: 'inbox', path: '/superadmin-reply-message' },
          { name: 'invoices (super admin)', path: '/view-superadmin-invoice' },
          { name: 'admin list', path: '/admin-list' },
          { name: 'employees', path: '/employees' },
          { name: 'kanban board', path: `/kanban-board?project=${data.projectId}` },
        ],
      ],
      [
        data.admin,
        [
          { name: 'admin dashboard', path: '/admindashboardpage' },
          { name: 'invoices (admin)', path: '/admindashboard/invoice' },
        ],
      ],
      [
        data.client,
        [
          { name: 'client dashboard', path: '/clientdashboardpage' },
          { name: 'invoices (client)', path: '/view-invoice' },
        ],
      ],
      [data.lead, [{ name: 'team lead dashboard', path: '/employee/teamlead-dashboardpage' }]],
    ];
    for (const [auth, screens] of sweeps) {
      const session = await openContext(browser, baseURL!, auth);
      findings.push(...(await sweepScreens(session.page, screens, data)));
      await session.close();
    }
    printFindings('width sweep', findings);
    expect(findings).toEqual([]);
  });

  test('the phone navigation drawer takes focus when it opens and gives it back when it closes', async ({ browser, request, baseURL }) => {
    const data = await seed(request);
    const session = await openContext(browser, baseURL!, data.client);
    const page = session.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/view-project');
    await settle(page);
    const toggle = page.getByTestId('drawer-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('#dashboard-nav');
    await expect(drawer.getByRole('navigation')).toBeVisible();
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer.getByRole('navigation')).toBeHidden();
    await expect(toggle).toBeFocused();
    await session.close();
  });

  test('the public header menu closes on Escape and gives focus back to its toggle', async ({ browser, baseURL }) => {
    const session = await openContext(browser, baseURL!);
    const page = session.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/loginpage');
    await settle(page);
    const toggle = page.getByTestId('nav-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#site-nav-menu');
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await menu.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await session.close();
  });
});

test.describe('keyboard focus ring', () => {
  /** Tabs from the top of the page until a control of the UI kit has the focus, then measures its ring. */
  async function ringOfFirstKitControl(page: Page, within: string) {
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate((scope) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.matches('.MuiButtonBase-root') || !el.closest(scope)) return null;
        const style = getComputedStyle(el);
        const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const luminance = ([r, g, b]: number[]) => {
          const [R, G, B] = [r, g, b].map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * R + 0.7152 * G + 0.0722 * B;
        };
        // The surface the ring is drawn on: the nearest ancestor with an opaque background.
        let surface = 'rgb(255, 255, 255)';
        for (let node = el.parentElement; node; node = node.parentElement) {
          const bg = getComputedStyle(node).backgroundColor;
          if (bg !== 'transparent' && !/rgba\(.*, 0\)$/.test(bg)) {
            surface = bg;
            break;
          }
        }
        const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(surface))];
        return {
          text: el.textContent?.trim() ?? '',
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
        };
      }, within);
      if (ring) return ring;
    }
    throw new Error(`no control of the UI kit reached by Tab within ${within}`);
  }

  test('buttons on light and dark surfaces show a solid ring of at least 2 px at 3:1 or more', async ({ browser, request, baseURL }) => {
    const data = await seed(request);
    const session = await openContext(browser, baseURL!, data.client);
    const page = session.page;
    await page.goto('/view-project');
    await settle(page);
    // The app bar (dark) comes first in Tab order, then the page's own controls (light).
    const onDark = await ringOfFirstKitControl(page, 'header');
    await page.locator('main').focus();
    const onLight = await ringOfFirstKitControl(page, 'main');
    for (const ring of [onDark, onLight]) {
      expect(ring.style, ring.text).toBe('solid');
      expect(ring.width, ring.text).toBeGreaterThanOrEqual(2);
      expect(ring.contrast, ring.text).toBeGreaterThanOrEqual(3);
    }
    await session.close();
  });
});
