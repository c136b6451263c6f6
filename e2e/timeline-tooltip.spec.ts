import { expect, test } from './fixtures';
import { mixedSeed, openTimeline, seedDatabase } from './support/timeline-seed';

const call = (page: import('@playwright/test').Page, id: string) =>
  page.locator(`[data-kind="call"][data-call-id="${id}"]`);

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await seedDatabase(page, [mixedSeed()]);
  await openTimeline(page, 'Timeline mixed run');
});

// A tooltip is for pointing at a bar; once the bar is clicked (or chosen with Enter) its details are open and the
// tooltip would only cover them. It stays away until the pointer moves on to another bar.
test("a bar's tooltip goes away when the bar is clicked and stays away while the pointer rests on it", async ({
  page,
}) => {
  const tip = page.getByRole('tooltip');
  await call(page, 'call_search').hover();
  await expect(tip).toContainText('search_web');

  await call(page, 'call_search').click();
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('search_web');
  await expect(tip).toBeHidden();
  // Small moves over the same bar do not bring it back.
  const box = await call(page, 'call_search').boundingBox();
  if (!box) throw new Error('the bar has no box');
  await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 - 2, box.y + box.height / 2);
  await expect(tip).toBeHidden();

  // Another bar shows its own.
  await call(page, 'call_fetch').hover();
  await expect(tip).toContainText('fetch');
});

test('choosing a focused bar with Enter hides its tooltip; Escape hides it too', async ({ page }) => {
  const tip = page.getByRole('tooltip');
  await call(page, 'call_search').focus();
  await expect(tip).toContainText('search_web');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('search_web');
  await expect(tip).toBeHidden();

  await call(page, 'call_fetch').focus();
  await expect(tip).toContainText('fetch');
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expect(call(page, 'call_fetch')).toBeFocused();
});
