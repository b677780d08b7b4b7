// Right to left and longer words: Arabic mirrors the layout and stays accessible at a phone's width (the desktop's is
// languages-rtl.spec.ts), and German's longer words overflow nothing at any width, on every translated screen of every
// role.
import { expect, test } from '@playwright/test';
import { layoutFindings, printFindings, settle, settleLayout, type Finding } from './support/a11y';
import { arabicFindings, pageIn, seed, translatedScreens, WIDTHS } from './support/languages';

test.describe('languages, layout', () => {
  // Every translated screen of every role, opened once per width and language.
  test.describe.configure({ timeout: 300_000 });

  test('Arabic mirrors the layout and stays accessible on a phone (390 px)', async ({ browser, request, baseURL }) => {
    const findings = await arabicFindings(browser, baseURL!, await seed(request), 390);
    printFindings('Arabic at 390 px', findings);
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
