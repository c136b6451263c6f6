/**
 * The chat follows the end of a streaming answer while the reader is there, and stays where they scrolled to once
 * they move up, even by less than a screen's worth (docs/screens.md, "A calm chat"): the rows they went back to do
 * not move under the pointer as the rest of the answer arrives. Reached with history: an earlier answer, a reload.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const PARAGRAPHS = 80;
const LONG = Array.from({ length: PARAGRAPHS }, (_, i) => `Paragraph ${i} of the long answer.`).join('\n\n');
// The stops of the held answer: a screen and more of it, then more of it, then the rest.
const STOPS = [160, 260];

const fromEnd = (list: Locator) => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
const top = (list: Locator) => list.evaluate((el) => el.scrollTop);
/** The list's scrollTop once it has not moved for five frames (a wheel's scroll is animated). */
const settledTop = (list: Locator) =>
  list.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        let last = el.scrollTop;
        let still = 0;
        const frame = () => {
          still = el.scrollTop === last ? still + 1 : 0;
          last = el.scrollTop;
          if (still >= 5) resolve(last);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );

test('a short move up during a streaming answer keeps its place; End follows the answer again', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'An earlier answer.' }]);
  await sendMessage(page, 'Say something short');
  await waitForIdle(page);
  await page.reload();
  const list = page.getByRole('log', { name: 'Messages' });
  await expect(list).toContainText('An earlier answer.');

  mock.script([{ kind: 'hold', gate: 'long', afterChunks: STOPS, step: { kind: 'text', content: LONG } }]);
  await sendMessage(page, 'A long answer, please');
  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('Paragraph 20 ');
  // At the first stop the list has followed the answer to its end.
  await expect.poll(() => fromEnd(list)).toBeLessThanOrEqual(1);

  // Less than the room the list keeps near its end: the case that was taken for "still at the end".
  const box = await list.boundingBox();
  if (!box) throw new Error('the message list has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -60);
  const kept = await settledTop(list);
  const moved = await fromEnd(list);
  expect(moved).toBeGreaterThan(20);
  expect(moved).toBeLessThan(120);

  mock.release('long');
  await expect(answer).toContainText('Paragraph 40 ');
  await settledTop(list);
  expect(await top(list)).toBe(kept);

  // End goes back to the end, and the list follows the rest of the answer there.
  await list.focus();
  await page.keyboard.press('End');
  await expect.poll(() => fromEnd(list)).toBeLessThanOrEqual(1);
  mock.release('long');
  await waitForIdle(page);
  await expect(answer).toContainText(`Paragraph ${PARAGRAPHS - 1} of the long answer.`);
  await expect.poll(() => fromEnd(list)).toBeLessThanOrEqual(1);
  expect(await answer.textContent()).toContain('Paragraph 0 of the long answer.');
});
