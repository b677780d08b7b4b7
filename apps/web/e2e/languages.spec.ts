// The interface in the person's language: picked on the profile, kept for the next page load and on the server;
// Arabic mirrors the layout and stays accessible at a phone's and a desktop's width; German's longer words overflow
// nothing at any width; and on every translated screen, the pseudo-language shows no text that did not come from a
// message catalogue.
import { expect, test, type Browser, type Page } from '@playwright/test';
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
import { axeFindings, layoutFindings, printFindings, seedWorkspace, settle, settleLayout, type Finding, type Seed } from './support/a11y';

const LOCALE_KEY = 'agency.locale';
const WIDTHS = [390, 768, 1024, 1280, 1920];

type Screen = { name: string; path: string; who: keyof Pick<Seed, 'owner' | 'admin' | 'client' | 'lead' | 'member'> };

/** The screens whose every text comes from a catalogue, as each role sees them. */
function translatedScreens(seed: Seed): Screen[] {
  return [
    { name: 'profile (client)', path: '/profile', who: 'client' },
    { name: 'profile (super admin)', path: '/profile', who: 'owner' },
    { name: 'notifications (client)', path: '/notifications', who: 'client' },
    { name: 'tool requests (client)', path: '/tools-req', who: 'client' },
    { name: 'project list (client)', path: '/view-project', who: 'client' },
    { name: 'all projects (admin)', path: '/all-projects', who: 'admin' },
    { name: 'tool requests queue (admin)', path: '/tool-requests', who: 'admin' },
    { name: 'time and expenses (admin)', path: '/time-approvals', who: 'admin' },
    { name: 'profitability report (admin)', path: '/reports/profitability', who: 'admin' },
    { name: 'training materials (admin)', path: '/training-materials', who: 'admin' },
    { name: 'webhooks (super admin)', path: '/webhooks', who: 'owner' },
    { name: 'kanban board (team lead)', path: '/kanban-board', who: 'lead' },
    { name: 'timesheet (team member)', path: '/employee/timesheet', who: 'member' },
    { name: 'expenses (team member)', path: '/expenses', who: 'member' },
    { name: 'training (team member)', path: '/employee/training', who: 'member' },
  ].map((screen) => ({ ...screen, path: screen.path.replace(':projectId', seed.projectId) })) as Screen[];
}

let seeded: Promise<Seed> | undefined;
function seed(request: Parameters<typeof seedWorkspace>[0]): Promise<Seed> {
  seeded ??= (async () => {
    const suffix = uniqueSuffix();
    const owner = await loginSuperadmin(request);
    const admin = await createAdmin(request, { inviter: owner });
    const client = await createClient(request, { name: `Lena Client ${suffix}`, company: `Lindenhof ${suffix}` });
    const lead = await createTeamlead(request, { inviter: owner });
    const member = await createTeammember(request, { inviter: owner });
    return seedWorkspace(request, { owner, admin, client, lead, member }, suffix);
  })();
  return seeded;
}

/**
 * A signed-in page in `locale`: a language of the interface is set on the person's profile (as the profile's picker
 * does; the page follows it), the pseudo-language is kept in the browser only (no profile offers it).
 */
async function pageIn(browser: Browser, baseURL: string, auth: Auth, locale: string | null, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: storageStateFor(auth, baseURL) });
  const pseudo = locale === 'en-XA';
  await expectStatus(
    await context.request.patch('/api/account', { headers: authHeaders(auth), data: { locale: pseudo ? null : locale } }),
    200,
    `language ${locale}`,
  );
  if (pseudo) await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCALE_KEY, locale] as const);
  return context.newPage();
}

test.describe('languages', () => {
  test('a client picks German on the profile: the screens, the page language and the next visit follow', async ({ browser, request, baseURL }) => {
    const client = await createClient(request);
    const page = await pageIn(browser, baseURL!, client, null, 390);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-language')).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('logout-button')).toContainText('Abmelden');
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toContainText('Deutsch');

    const saved = await expectStatus<{ profile: { locale: string | null } }>(
      await request.get('/api/account', { headers: authHeaders(client) }),
      200,
      'profile',
    );
    expect(saved.profile.locale).toBe('de');

    // Another device: nothing kept in its browser, the profile's language arrives with who is signed in.
    const other = await pageIn(browser, baseURL!, client, null, 1280);
    await other.goto('/profile');
    await expect(other.locator('html')).toHaveAttribute('lang', 'de');
    await expect(other.getByTestId('logout-button')).toContainText('Abmelden');

    // Back to the browser's language (English here).
    await page.getByRole('combobox', { name: 'Sprache' }).click();
    await page.getByRole('option', { name: 'Wie mein Browser' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.getByTestId('logout-button')).toContainText('Logout');
    await other.context().close();
    await page.context().close();
  });

  test('Arabic mirrors the layout and stays accessible at 390 and 1280 px', async ({ browser, request, baseURL }) => {
    const s = await seed(request);
    const findings: Finding[] = [];
    for (const width of [390, 1280]) {
      for (const screen of translatedScreens(s)) {
        const page = await pageIn(browser, baseURL!, s[screen.who], 'ar', width);
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
          const nav = await page.locator('#dashboard-nav').first().boundingBox();
          const main = await page.locator('main').boundingBox();
          if (nav && main) expect(nav.x, `${screen.name}: navigation at the right`).toBeGreaterThanOrEqual(main.x + main.width - 1);
        }
        findings.push(...(await axeFindings(page, `${screen.name} (ar)`, width)));
        findings.push(...(await layoutFindings(page, `${screen.name} (ar)`, width)));
        await page.context().close();
      }
    }
    printFindings('Arabic', findings);
    expect(findings).toEqual([]);
  });

  test('German overflows nothing at any width', async ({ browser, request, baseURL }) => {
    const s = await seed(request);
    const findings: Finding[] = [];
    for (const screen of translatedScreens(s)) {
      const page = await pageIn(browser, baseURL!, s[screen.who], 'de', WIDTHS[0]);
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await settle(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await settleLayout(page);
        findings.push(...(await layoutFindings(page, `${screen.name} (de)`, width)));
      }
      await page.context().close();
    }
    printFindings('German', findings);
    expect(findings).toEqual([]);
  });

  test('the pseudo-language shows no text on a translated screen that is not from a catalogue', async ({ browser, request, baseURL }) => {
    const s = await seed(request);
    // What the screens show that is data, not interface: people, companies, projects, the brand.
    const data = [s.owner, s.admin, s.client, s.lead, s.member].flatMap((a) => [a.user.name, a.user.email]);
    data.push(s.projectTitle, s.invoiceNo);
    const untranslated: string[] = [];
    for (const screen of translatedScreens(s)) {
      const page = await pageIn(browser, baseURL!, s[screen.who], 'en-XA', 1280);
      await page.goto(screen.path);
      await settle(page);
      await expect(page.getByTestId('logout-button')).toContainText('⟦');
      const brand = await page.evaluate(() => fetch('/api/config').then((r) => r.json() as Promise<{ brand_name: string }>));
      const texts = await page.evaluate(() => {
        const out: string[] = [];
        const visible = (el: Element) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
        };
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          const parent = node.parentElement;
          if (!text || !parent || !visible(parent) || parent.closest('script, style, [aria-hidden="true"]')) continue;
          out.push(text);
        }
        // Names read by assistive technology only.
        for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]'))) {
          for (const attr of ['aria-label', 'placeholder', 'title']) {
            const value = el.getAttribute(attr)?.trim();
            if (value) out.push(value);
          }
        }
        return out;
      });
      const known = [...data, brand.brand_name];
      for (const text of texts) {
        if (text.includes('⟦')) continue;
        let rest = text;
        for (const value of known) rest = rest.split(value).join(' ');
        // Dates, times, amounts, counts, initials and punctuation are written by Intl or are data.
        rest = rest
          .replace(/\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)( \d{4})?(, \d{2}:\d{2})?/g, ' ')
          .replace(/[A-Z]{3}\b|[£€$¥]/g, ' ')
          // API scopes are identifiers (`invoices:read`), the same in every language.
          .replace(/\b[a-z_]+:(read|write)\b/g, ' ')
          .replace(/^[A-Z]{1,2}$/, ' ')
          .replace(/[\d\s.,:;/%+\-–—()#×·•|@_]+/g, '');
        if (rest) untranslated.push(`${screen.name}: "${text}"`);
      }
      await page.context().close();
    }
    console.log(untranslated.join('\n'));
    expect(untranslated).toEqual([]);
  });
});
