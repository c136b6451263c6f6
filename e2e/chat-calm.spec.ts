/**
 * A calm chat (architecture.md, "A calm chat"): at rest a finished message shows its text, its tool rows, one quiet
 * line (`.message-meta`) and one button, "More actions"; a pointer over the message, focus inside it or "More
 * actions" show the rest; cost that is not known is not said per turn. On a touch screen the actions stay hidden
 * until "More actions" opens them. Writes the after-screenshots of the chat (desktop and 390 px).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-scan';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

/** The names of a message's footer buttons a person can see: not see-through, not hidden, all the way up to the message. */
async function seenActions(message: Locator): Promise<string[]> {
  return message.evaluate((article) => {
    const seen = (el: Element | null): boolean => {
      for (let e = el; e && e !== article.parentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (Number(s.opacity) < 0.99 || s.visibility === 'hidden' || s.display === 'none') return false;
      }
      return true;
    };
    return [...article.querySelectorAll<HTMLButtonElement>('.message-footer button')]
      .filter(seen)
      .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
  });
}

/** At rest: the pointer away from the messages and the cursor in the Message box. */
async function rest(page: Page) {
  await page.mouse.move(1, 1);
  await messageBox(page).focus();
}

test('at rest each finished message shows one quiet line and "More actions"; hover, focus and keyboard reach the rest', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_t', name: 'current_time', arguments: {} }],
      usage: { prompt_tokens: 1200, completion_tokens: 34, total_tokens: 1234 },
    },
    {
      kind: 'text',
      content: 'It is **morning** where you are.',
      usage: { prompt_tokens: 1500, completion_tokens: 21, total_tokens: 1521 },
    },
    {
      kind: 'text',
      content: 'Here is a short plain answer, with a list:\n\n- one\n- two',
      usage: { prompt_tokens: 1600, completion_tokens: 25, total_tokens: 1625 },
    },
  ]);
  await sendMessage(page, 'What time is it?');
  await waitForIdle(page);
  await sendMessage(page, 'And a plain answer, please.');
  await waitForIdle(page);
  const answers = assistantMessages(page);
  await expect(answers).toHaveCount(3);
  const messages = page.locator('article.message');
  await expect(messages).toHaveCount(5);

  // At rest: one button and one quiet line on every message; the turn that only called a tool has its figures too.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await rest(page);
  for (const m of await messages.all()) {
    await expect.poll(() => seenActions(m)).toEqual(['More actions']);
    await expect(m.locator('.message-meta')).toHaveCount(1);
  }
  await expect(answers.first().locator('.message-meta')).toHaveText(
    /^Turn 1: 1,234 tokens \(1,200 in, 34 out\) · Turn 1 took [\d.]+ m?s$/,
  );
  await expect(answers.last().locator('.message-meta')).toContainText('Turn 3: 1,625 tokens');
  // No price for the mock model: nothing on the chat says "not known"; the session's figures sit in the one footer.
  await expect(page.locator('section.chat')).not.toContainText('not known');
  await expect(page.locator('.chat-footer').getByRole('group', { name: 'Session usage' })).toHaveText(
    'Session: 4,380 tokens (4,300 in, 80 out)',
  );
  await expect(page.locator('.chat-footer').getByRole('button', { name: 'Compact now' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/chat-calm-after-desktop.png' });
  await expectNoAxeViolations(page, 'calm chat at rest');

  // A pointer over a message shows its actions, and only its own.
  const last = answers.last();
  await last.hover();
  await expect
    .poll(() => seenActions(last))
    .toEqual([
      'More actions',
      'Regenerate',
      'Fork',
      'Remember',
      'Re-run from here',
      'Try on other models',
      'Replay run',
      'Copy as Markdown',
      'Save as test case',
      'Request and response',
      'What was sent',
    ]);
  await expect.poll(() => seenActions(answers.first())).toEqual(['More actions']);
  await page.screenshot({ path: 'e2e/artifacts/chat-calm-after-hover-desktop.png' });

  // The keyboard: Tab from the message list lands on the first message's "More actions"; focus inside the message
  // shows the actions, which come next in the Tab order.
  await rest(page);
  await page.getByRole('log', { name: 'Messages' }).focus();
  await page.keyboard.press('Tab');
  const firstQuestion = page.getByRole('article', { name: 'Your message' }).first();
  const more = firstQuestion.getByRole('button', { name: 'More actions' });
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect
    .poll(() => seenActions(firstQuestion))
    .toEqual(['More actions', 'Edit', 'Fork', 'Remember', 'Copy as Markdown']);
  await page.keyboard.press('Tab');
  await expect(firstQuestion.getByRole('button', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(more).toBeFocused();
  // "More actions" keeps them shown after focus and pointer leave (touch, keyboard); pressed again, they rest.
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await rest(page);
  await expect
    .poll(() => seenActions(firstQuestion))
    .toEqual(['More actions', 'Edit', 'Fork', 'Remember', 'Copy as Markdown']);
  await expectNoAxeViolations(page, 'calm chat, actions open');
  await more.click();
  await rest(page);
  await expect.poll(() => seenActions(firstQuestion)).toEqual(['More actions']);

  // "What was sent" opens a region under the message that stays when the pointer leaves.
  await last.hover();
  await last.getByRole('button', { name: 'What was sent' }).click();
  await expect(last.getByRole('button', { name: 'What was sent' })).toHaveAttribute('aria-expanded', 'true');
  await rest(page);
  await expect(last.getByRole('region', { name: 'What was sent' })).toBeVisible();
  await expect.poll(() => seenActions(last)).toContain('What was sent');

  await last.getByRole('button', { name: 'What was sent' }).click();
  await expect(last.getByRole('region', { name: 'What was sent' })).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.sessions-drawer')).toBeHidden();
  await rest(page);
  await expect.poll(() => seenActions(last)).toEqual(['More actions']);
  await page.getByRole('log', { name: 'Messages' }).press('End');
  await page.screenshot({ path: 'e2e/artifacts/chat-calm-after-phone.png' });
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the actions are hidden until "More actions" is tapped', async ({ page, mock }) => {
    await openConfiguredApp(page, mock);
    mock.script([{ kind: 'text', content: 'A short answer.' }]);
    await sendMessage(page, 'hello');
    await waitForIdle(page);
    const answer = assistantMessages(page).last();
    const regenerate = answer.getByRole('button', { name: 'Regenerate' });
    await rest(page);
    await expect(regenerate).toBeHidden();
    const more = answer.getByRole('button', { name: 'More actions' });
    await more.tap();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(regenerate).toBeVisible();
    await rest(page);
    await expect(regenerate).toBeVisible();
  });
});
