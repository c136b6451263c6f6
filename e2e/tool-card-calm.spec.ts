/**
 * Calm tool cards (screens.md, "Calm tool rows"): a failed call's error is one line until its button opens the whole
 * of it, and "Remember" is among the call's actions ("More call actions"), not a button under every card. Reached as
 * a person does: a run with a failing js_eval (a long error of many lines) beside one that works, then a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe-scan';
import { assistantMessages, expandToolCard, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const ERROR_LINES = Array.from(
  { length: 8 },
  (_, i) => `step ${i + 1}: the forecast service refused the request and explained why at some length`,
);
const ERROR = ERROR_LINES.join('\n');

/** The height of a box's content (its border and padding left out) and its computed line height, in px. */
async function lineBox(box: Locator) {
  return box.evaluate((el) => {
    const s = getComputedStyle(el);
    const px = (v: string) => Number.parseFloat(v) || 0;
    const r = el.getBoundingClientRect();
    const line = s.lineHeight === 'normal' ? px(s.fontSize) * 1.2 : px(s.lineHeight);
    const content = r.height - px(s.paddingTop) - px(s.paddingBottom) - px(s.borderTopWidth) - px(s.borderBottomWidth);
    return { content, line, clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1 };
  });
}

/** No card has a "Remember" button (or link) in sight or in its body: only its actions group holds one, once opened. */
async function expectNoRememberAtRest(page: Page) {
  await expect(page.locator('.tool-card').getByRole('button', { name: /^Remember/ })).toHaveCount(0);
  await expect(page.locator('.tool-card').getByRole('link', { name: /^Remember/ })).toHaveCount(0);
}

/** The failed call at rest: its error is one line tall, cut with what it does not show. */
async function expectOneLineError(failed: Locator) {
  const result = failed.getByLabel('Result', { exact: true });
  await expect(result).toBeVisible();
  await expect(result).toContainText(`Error: ${ERROR_LINES[0]}`);
  const { content, line, clipped } = await lineBox(result);
  expect(Math.abs(content - line), `error box ${content}px against a line of ${line}px`).toBeLessThan(1.5);
  expect(clipped).toBe(true);
}

/**
 * Opens a call's actions from the keyboard and remembers its result: Esc closes the group and gives the cursor back
 * to its button; "Remember" is the next Tab stop once it is open, and says so after (it cannot save twice).
 */
async function rememberFrom(page: Page, card: Locator, tool: string) {
  const more = card.getByRole('button', { name: 'More call actions' });
  const actions = card.getByRole('group', { name: 'Call actions' });
  const remember = actions.getByRole('button', { name: `Remember result of ${tool}` });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(actions).toBeHidden();
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(remember).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(actions).toBeHidden();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(remember).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(actions.getByRole('button', { name: 'Remembered' })).toBeDisabled();
}

test('a failed call shows its error in one line until opened; "Remember" is among the call\'s actions', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock, { remember: true });
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_ok', name: 'js_eval', arguments: { expression: '6 * 7' } },
        { id: 'call_fail', name: 'js_eval', arguments: { expression: `throw ${JSON.stringify(ERROR)}` } },
      ],
    },
    { kind: 'text', content: 'One worked, one failed.' },
  ]);
  await sendMessage(page, 'Compute two things');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('One worked, one failed.');

  const failed = toolCard(page, 'call_fail');
  await expect(failed.locator('.tool-card-head .status')).toHaveText('error');
  await expectOneLineError(failed);
  await expectNoRememberAtRest(page);
  // Opened as a person does, the calm row of the call that worked has no "Remember" under its result either.
  const ok = toolCard(page, 'call_ok');
  await expandToolCard(ok);
  await expect(ok.getByLabel('Result', { exact: true })).toHaveText('42');
  await expectNoRememberAtRest(page);

  // The error's button is reached by the keyboard and opens the whole error, every line in sight.
  const open = failed.getByRole('button', { name: /^Show all \(\d+ characters\)$/ });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await failed.getByLabel('Result', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  const less = failed.getByRole('button', { name: 'Show less' });
  await expect(less).toHaveAttribute('aria-expanded', 'true');
  await expect(less).toBeFocused();
  const whole = failed.getByLabel('Result', { exact: true });
  await expect(whole).toContainText(ERROR);
  const opened = await lineBox(whole);
  expect(opened.content).toBeGreaterThanOrEqual(ERROR_LINES.length * opened.line - 1);
  expect(opened.clipped).toBe(false);
  await page.keyboard.press('Enter');
  await expectOneLineError(failed);

  // "Remember" from the failed call's actions still saves a memory.
  await rememberFrom(page, failed, 'js_eval');
  await expectNoAxeViolations(page, 'tool card actions open');

  await page.reload();
  // After a reload the chat starts calm again: one line, no "Remember" in any card.
  await expectOneLineError(failed);
  await expectNoRememberAtRest(page);
  await expandToolCard(ok);
  await rememberFrom(page, ok, 'js_eval');
  // On a phone too.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectOneLineError(failed);
  if (wide) await page.setViewportSize(wide);

  await page.getByRole('tab', { name: 'Memories' }).click();
  const saved = page.getByRole('list', { name: 'Saved memories' });
  await expect(saved).toContainText(`js_eval result: Error: ${ERROR_LINES[0]}`);
  await expect(saved).toContainText('js_eval result: 42');
});
