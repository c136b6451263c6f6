import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const LONG = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');

// Esc is the chat's Stop key, but other controls use Esc to back out of what they opened. Backing out of a
// rename, a search or a menu must not also cancel the answer being written.
test('Esc used by another control (rename, search, Export menu) does not stop the run; Esc in the Message box does', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  // The answer stops after word2 until the controls have been tried, then after word30 until Esc stops it: an answer
  // that ran on by itself could end on a loaded machine before Esc was pressed (the hold step, e2e/server/types.ts).
  // Events: the role chunk, then one per word.
  mock.script([{ kind: 'hold', gate: 'answer', afterChunks: [4, 32], step: { kind: 'text', content: LONG } }]);
  await sendMessage(page, 'stream please');
  const live = assistantMessages(page).last();
  await expect(live).toContainText('word2');
  const sessions = page.getByRole('navigation', { name: 'Sessions' });

  // Rename: Esc cancels the edit.
  await sessions.getByRole('button', { name: /^Rename / }).click();
  const title = sessions.getByRole('textbox', { name: 'Session title' });
  await title.fill('Something else');
  await title.press('Escape');
  await expect(title).toBeHidden();

  // Search: Esc clears the field.
  const search = sessions.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('stream');
  await search.press('Escape');
  await expect(search).toHaveValue('');

  // Export menu: Esc closes it.
  await sessions.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menu', { name: 'Export options' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'All sessions', exact: true }).press('Escape');
  await expect(page.getByRole('menu', { name: 'Export options' })).toBeHidden();

  // None of that stopped the answer: it is still streaming on the same connection.
  mock.release('answer');
  await expect(live).toContainText('word30');
  await mock.waitForHold('answer');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeEnabled();
  expect(mock.disconnects).toBe(0);
  expect(mock.requests).toHaveLength(1);

  await messageBox(page).press('Escape');
  await mock.waitForDisconnect(0);
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'cancelled');
});
