// Drawing a signature on the signing panel's pad the way a person does: a finger on a phone, the mouse on a desktop.
import type { Page } from '@playwright/test';

/** A signature drawn with real touch events (a finger on a phone), through the browser's input layer. */
export async function drawByTouch(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error('signature pad not visible');
  const cdp = await page.context().newCDPSession(page);
  const at = (fx: number, fy: number) => [{ x: box.x + box.width * fx, y: box.y + box.height * fy, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.1, 0.6) });
  for (let i = 1; i <= 24; i += 1) {
    const t = i / 24;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.1 + 0.75 * t, 0.6 - 0.35 * Math.sin(t * Math.PI * 3)) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A signature drawn with the mouse (a desktop browser): press, one continuous stroke, release. */
export async function drawByMouse(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error('signature pad not visible');
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) {
    const t = i / 24;
    await page.mouse.move(...at(0.1 + 0.75 * t, 0.6 - 0.35 * Math.sin(t * Math.PI * 3)));
  }
  await page.mouse.up();
}
