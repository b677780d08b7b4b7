// The accessibility sweep (support/a11y-sweep.ts says what it checks) of the public pages, the client and a member
// of the client's company; then that the sweep's checks catch what they are for, the keyboard behaviour of the phone
// drawer and the public header menu, the notification bell's name, and the focus ring.
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, layoutFindings, settle } from './support/a11y';
import { openContext, resize, seed, sweepRoles } from './support/a11y-sweep';

test.describe('accessibility', () => {
  sweepRoles(['public', 'client', 'client company member']);

  test('the checks see what they are for: a too-wide element in a card, a table left to scroll sideways, a wide page, a cut-off button, a name without its label', async ({
    browser,
    baseURL,
  }) => {
    const session = await openContext(browser, baseURL!);
    const page = session.page;
    await resize(page, 390);
    await page.goto('/loginpage');
    await settle(page);
    expect(await layoutFindings(page, 'login', 390)).toEqual([]);
    await page.evaluate(() => {
      const card = document.querySelector('.pub-card')!;
      const add = (parent: Element, html: string) => parent.insertAdjacentHTML('beforeend', html);
      add(card, '<div data-testid="too-wide" style="width: 2000px">wide</div>');
      add(card, '<div data-testid="scroller" style="overflow-x: auto"><div style="width: 900px">table</div></div>');
      add(card, '<div data-sideways-scroll="by-design" style="overflow-x: auto"><div style="width: 900px">board</div></div>');
      add(card, '<div style="overflow: hidden; width: 60px"><button style="width: 200px; white-space: nowrap">Cut off here</button></div>');
      add(card, '<button aria-label="Send the form">Reply</button>');
      add(document.body, '<div style="width: 3000px; height: 1px"></div>');
    });
    const layout = await layoutFindings(page, 'login', 390);
    const byRule = (rule: string) => layout.filter((f) => f.rule === rule).map((f) => f.detail);
    expect(byRule('page-overflow')).toEqual([expect.stringMatching(/^the page scrolls sideways by \d+px/)]);
    expect(byRule('card-overflow')).toContainEqual(
      expect.stringMatching(/^<div data-testid=too-wide> "wide" passes the right edge of <div\.pub-card> by \d+px$/),
    );
    expect(byRule('scroll-overflow')).toEqual([
      expect.stringMatching(/^<div data-testid=scroller> "table" scrolls sideways: 900px of content in \d+px, \d+px hidden$/),
    ]);
    expect(byRule('clipped-control')).toEqual([expect.stringMatching(/^<button> "Cut off here" is cut off by \d+px sideways by <div>$/)]);
    const axe = await axeFindings(page, 'login', 390);
    expect(axe.map((f) => f.rule)).toContain('axe:label-content-name-mismatch');
    await session.close();
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

test.describe('notification bell', () => {
  test('its name says the count its badge shows (label in name): none, 5 and over 99 unread', async ({ browser, request, baseURL }) => {
    const data = await seed(request);
    const session = await openContext(browser, baseURL!, data.client);
    const page = session.page;
    for (const [count, name] of [
      [0, 'Notifications'],
      [5, 'Notifications, 5 unread'],
      [150, 'Notifications, 99+ unread'],
    ] as const) {
      await page.route('**/api/notifications/unread-count', (route) => route.fulfill({ json: { count } }));
      await page.goto('/clientdashboardpage');
      await settle(page);
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toHaveAccessibleName(name);
      expect(await axeFindings(page, `bell with ${count} unread`, 1280, '[data-testid="notification-bell"]')).toEqual([]);
      await page.unroute('**/api/notifications/unread-count');
    }
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
