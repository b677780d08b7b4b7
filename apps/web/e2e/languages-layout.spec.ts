// Right to left and longer words: Arabic mirrors the layout and stays accessible at a phone's and a desktop's width,
// and German's longer words overflow nothing at any width, on every translated screen of every role.
import { expect, test } from '@playwright/test';
import { axeFindings, layoutFindings, printFindings, settle, settleLayout, type Finding } from './support/a11y';
import { pageIn, seed, translatedScreens, WIDTHS } from './support/languages';

test.describe('languages, layout', () => {
  // Every translated screen of every role, opened once per width and language.
  test.describe.configure({ timeout: 360_000 });

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
});
