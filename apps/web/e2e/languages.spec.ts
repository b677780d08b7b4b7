// The interface in the person's language: picked on the profile, kept on the server and followed on another device;
// and on every translated screen, the pseudo-language shows no text that did not come from a message catalogue.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { authHeaders, createClient, expectStatus, type Auth } from './support/accounts';
import { settle } from './support/a11y';
import { pageIn, seed, translatedScreens } from './support/languages';

/**
 * What the seed (support/a11y.ts) writes as data: a tool request, the client's message, training modules, a board's
 * columns, cards and labels, and the device name the server reads from the browser's User-Agent.
 */
const SEEDED_TEXTS = [
  'Figma professional seat',
  'Design reviews with the team.',
  'Could we move the launch to the first week of next month?',
  'Security basics',
  'Spotting phishing',
  'Reminder e-mails',
  'Calendar sync',
  'Booking form',
  'frontend',
  'Backlog',
  'To do',
  'In progress',
  'Review',
  'Done',
  'Chrome on Windows',
  'Chrome on Linux',
  // The title of the contract the agency's template gives a client's project.
  'Project services agreement',
];

/**
 * What a screen lists that every journey writes for everyone: training modules are published to a role, so a team
 * member's training screen shows the modules other journeys publish beside this one. Read after the screen, so that
 * none published in between is missed.
 */
async function sharedRecords(request: APIRequestContext, who: Auth, path: string): Promise<string[]> {
  if (path !== '/employee/training') return [];
  type Module = { title: string; description: string; materials: { title: string; description: string; content: string | null }[] };
  const mine = await expectStatus<{ items: Module[] }>(await request.get('/api/training/my', { headers: authHeaders(who) }), 200, 'training');
  return mine.items
    .flatMap((module) => [
      module.title,
      module.description,
      ...module.materials.flatMap((m) => [m.title, m.description, ...markdownLines(m.content)]),
    ])
    .filter((text) => text.trim() !== '');
}

/** A Markdown text's lines as they read on the screen: without list markers and emphasis. */
function markdownLines(markdown: string | null): string[] {
  return (markdown ?? '').split('\n').map((line) => line.replace(/^\s*(\d+\.|[-*>#]+)\s+/, '').replace(/[*_`]/g, ''));
}

test.describe('languages', () => {
  test.describe.configure({ timeout: 180_000 });

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

  test('the pseudo-language shows no text on a translated screen that is not from a catalogue', async ({ browser, request, baseURL }) => {
    const s = await seed(request);
    // What the screens show that is data, not interface: people, companies, projects, the brand.
    const data = [s.owner, s.admin, s.client, s.lead, s.member].flatMap((a) => [a.user.name, a.user.email]);
    data.push(s.projectTitle, s.invoiceNo);
    const untranslated: string[] = [];
    // Staff screens list every record of every journey running beside this one (projects, requests, modules): the
    // sweep reads the screens of the seed's own client and employees, whose records it knows.
    for (const screen of translatedScreens(s).filter((candidate) => candidate.who !== 'admin')) {
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
          // What the server wrote (a notification's title and text) is its data, not the interface's.
          if (
            !text ||
            !parent ||
            !visible(parent) ||
            parent.closest('script, style, [aria-hidden="true"], [data-testid^="notification-title"], [data-testid^="notification-body"]')
          )
            continue;
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
      // Longest first: a short value ("Done", a column) inside a longer one (a material's title) would cut it up.
      const known = [...data, ...SEEDED_TEXTS, brand.brand_name, ...(await sharedRecords(request, s[screen.who], screen.path))].sort(
        (a, b) => b.length - a.length,
      );
      for (const text of texts) {
        // A catalogued text, whole or in pieces (a rich text's tags split it into several nodes).
        if (text.includes('⟦') || text.includes('⟧')) continue;
        // The middle piece of a rich text (between its tags) is accented but has neither mark: no plain letter in it.
        if (/\p{L}/u.test(text) && !/[A-Za-z]/.test(text)) continue;
        // Records made by the journeys carry a run's unique suffix; identifiers and addresses are the same in every language.
        if (/[a-z0-9]{12,}/.test(text) && /\d/.test(text)) continue;
        if (/^[a-z_]+\.[a-z_]+$/.test(text) || /^https?:\/\//.test(text)) continue;
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
