import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

test('dark theme follows the system setting; light by default', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'A **dark** answer with `code`.', reasoning: 'thinking quietly' }]);
  await sendMessage(page, 'hello in the dark');
  await expect(assistantMessages(page).last()).toContainText('A dark answer');
  await waitForIdle(page);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await bg()).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await bg()).toBe('rgb(21, 23, 27)');
  await page.screenshot({ path: 'e2e/artifacts/app-dark.png' });
});

test('keyboard: tabs move with arrow keys, every control has a name, and a run can be driven without a mouse', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const chat = page.getByRole('tab', { name: 'Chat' });
  await chat.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Timeline' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(chat).toHaveAttribute('aria-selected', 'true');

  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button, input:not([type=hidden]):not([hidden]), textarea, select')]
      .filter((el) => {
        const e = el as HTMLElement;
        const label = e.getAttribute('aria-label') || (e as HTMLInputElement).labels?.[0]?.textContent || e.textContent;
        return !label?.trim();
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(unnamed).toEqual([]);

  mock.script([{ kind: 'text', content: 'Typed without a mouse.' }]);
  await messageBox(page).focus();
  await page.keyboard.type('keyboard only');
  await page.keyboard.press('Enter');
  await expect(assistantMessages(page).last()).toContainText('Typed without a mouse.');
});
