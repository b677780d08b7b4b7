// Arabic at a desktop's width: every translated screen of every role is right to left, its side navigation at the
// right, and axe and the layout check find nothing (the phone's width is in languages-layout.spec.ts).
import { expect, test } from '@playwright/test';
import { printFindings } from './support/a11y';
import { arabicFindings, seed } from './support/languages';

test.describe('languages, right to left', () => {
  test.describe.configure({ timeout: 300_000 });

  test('Arabic mirrors the layout and stays accessible on a desktop (1280 px)', async ({ browser, request, baseURL }) => {
    const findings = await arabicFindings(browser, baseURL!, await seed(request), 1280);
    printFindings('Arabic at 1280 px', findings);
    expect(findings).toEqual([]);
  });
});
