// Shared by the language journeys: the screens whose every text comes from a catalogue, the seed they are seen with,
// and a signed-in page in a given language.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
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
} from './accounts';
import { axeFindings, layoutFindings, seedWorkspace, settle, type Finding, type Seed } from './a11y';

export const LOCALE_KEY = 'agency.locale';
export const WIDTHS = [390, 768, 1024, 1280, 1920];

export type Screen = { name: string; path: string; who: keyof Pick<Seed, 'owner' | 'admin' | 'client' | 'lead' | 'member'> };

/**
 * The screens whose every text comes from a catalogue, as each role sees them. Never the super admin's: there is one
 * super admin for every journey running at once, and these journeys set the language on the person's profile.
 */
export function translatedScreens(seed: Seed): Screen[] {
  return [
    { name: 'profile (client)', path: '/profile', who: 'client' },
    { name: 'notifications (client)', path: '/notifications', who: 'client' },
    { name: 'tool requests (client)', path: '/tools-req', who: 'client' },
    { name: 'project list (client)', path: '/view-project', who: 'client' },
    { name: 'dashboard (client)', path: '/clientdashboardpage', who: 'client' },
    { name: 'invoices (client)', path: '/view-invoice', who: 'client' },
    { name: 'contracts (client)', path: '/sign-contract', who: 'client' },
    { name: 'company (client)', path: '/company', who: 'client' },
    { name: 'billing (client)', path: '/billing', who: 'client' },
    { name: 'messages (client)', path: '/messages', who: 'client' },
    { name: 'all projects (admin)', path: '/all-projects', who: 'admin' },
    { name: 'tool requests queue (admin)', path: '/tool-requests', who: 'admin' },
    { name: 'time and expenses (admin)', path: '/time-approvals', who: 'admin' },
    { name: 'profitability report (admin)', path: '/reports/profitability', who: 'admin' },
    { name: 'training materials (admin)', path: '/training-materials', who: 'admin' },
    { name: 'kanban board (team lead)', path: '/kanban-board', who: 'lead' },
    { name: 'timesheet (team member)', path: '/employee/timesheet', who: 'member' },
    { name: 'expenses (team member)', path: '/expenses', who: 'member' },
    { name: 'training (team member)', path: '/employee/training', who: 'member' },
  ].map((screen) => ({ ...screen, path: screen.path.replace(':projectId', seed.projectId) })) as Screen[];
}

let seeded: Promise<Seed> | undefined;
export function seed(request: APIRequestContext): Promise<Seed> {
  seeded ??= (async () => {
    const suffix = uniqueSuffix();
    const owner = await loginSuperadmin(request);
    const admin = await createAdmin(request, { inviter: owner });
    const client = await createClient(request, { name: `Lena Client ${suffix}`, company: `Lindenhof ${suffix}` });
    const lead = await createTeamlead(request, { inviter: owner });
    const member = await createTeammember(request, { inviter: owner });
    return seedWorkspace(request, { owner, admin, client, lead, member }, suffix, { resetLink: false });
  })();
  return seeded;
}

/**
 * A signed-in page in `locale`: a language of the interface is set on the person's profile (as the profile's picker
 * does; the page follows it), the pseudo-language is kept in the browser only (no profile offers it); null leaves the
 * profile as it is.
 */
export async function pageIn(browser: Browser, baseURL: string, auth: Auth, locale: string | null, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: storageStateFor(auth, baseURL) });
  if (locale === 'en-XA') {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCALE_KEY, locale] as const);
  } else if (locale) {
    await expectStatus(await context.request.patch('/api/account', { headers: authHeaders(auth), data: { locale } }), 200, `language ${locale}`);
  }
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  return page;
}

/**
 * Every translated screen in Arabic at `width`, one page per role: the page is right to left, the app bar and the
 * side navigation are mirrored, and axe and the layout check find nothing.
 */
export async function arabicFindings(browser: Browser, baseURL: string, s: Seed, width: number): Promise<Finding[]> {
  const findings: Finding[] = [];
  const screens = translatedScreens(s);
  for (const who of [...new Set(screens.map((screen) => screen.who))]) {
    const page = await pageIn(browser, baseURL, s[who], 'ar', width);
    for (const screen of screens.filter((candidate) => candidate.who === who)) {
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await settle(page);
      // Mirrored: the brand's logo (the bar's start) sits at the right, the sign-out button (its end) at the left.
      const logo = await page.getByTestId('app-bar-logo').boundingBox();
      const logout = await page.getByTestId('logout-button').boundingBox();
      expect(logo!.x, `${screen.name} at ${width} px: logo right of sign-out`).toBeGreaterThan(logout!.x);
      if (width >= 1280) {
        // The side navigation is at the right of the content.
        const sides = await page.evaluate(() => {
          const tallest = Array.from(document.querySelectorAll('nav'))
            .map((nav) => nav.getBoundingClientRect())
            .sort((a, b) => b.height - a.height)[0];
          const main = document.querySelector('main')?.getBoundingClientRect();
          return tallest && main ? { navLeft: tallest.left, mainRight: main.right } : null;
        });
        expect(sides, `${screen.name}: a side navigation and a main area`).not.toBeNull();
        expect(sides!.navLeft, `${screen.name}: navigation at the right`).toBeGreaterThanOrEqual(sides!.mainRight - 1);
      }
      findings.push(...(await axeFindings(page, `${screen.name} (ar)`, width)));
      findings.push(...(await layoutFindings(page, `${screen.name} (ar)`, width)));
    }
    await page.context().close();
  }
  return findings;
}
