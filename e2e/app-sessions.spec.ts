import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { sessionItems, newSession } from './support/session-list';

const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

test('switching sessions while one is running: both stream, each shows its own messages and status', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  // Session A's answer stops after alpha2 and stays open until the test has been to session B and back: an answer
  // with an end finished on a loaded machine before B was answered (the hold step, e2e/server/types.ts).
  mock.script([
    { kind: 'hold', gate: 'alpha', afterChunks: 4, step: { kind: 'text', content: words('alpha', 60) } },
    { kind: 'text', content: 'Beta answered quickly.' },
  ]);
  await sendMessage(page, 'Session A question');
  await expect(assistantMessages(page).last()).toContainText('alpha2');

  await newSession(page);
  await expect(assistantMessages(page)).toHaveCount(0);
  // A session that never ran is idle, while the other one is still generating.
  await expect(sessionItems(page).filter({ hasText: 'Untitled session' }).locator('.status')).toHaveText('idle');
  await expect(sessionItems(page).filter({ hasText: 'Session A question' }).locator('.status')).toHaveText(
    'generating',
  );
  await sendMessage(page, 'Session B question');
  await expect(assistantMessages(page).last()).toContainText('Beta answered quickly.');
  await expect(page.getByText('alpha')).toHaveCount(0);

  const a = sessionItems(page).filter({ hasText: 'Session A question' });
  const b = sessionItems(page).filter({ hasText: 'Session B question' });
  await expect(a).toContainText('generating');
  await expect(b).toContainText('finished');
  await page.screenshot({ path: 'e2e/artifacts/app-two-sessions.png' });

  await a.getByRole('button', { name: 'Session A question', exact: true }).click();
  // Back in A, its answer is the live one, where it was, and it goes on from there.
  await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'streaming');
  await expect(assistantMessages(page).last()).toContainText('alpha2');
  await expect(assistantMessages(page).last()).not.toContainText('alpha3');
  mock.release('alpha');
  await expect(assistantMessages(page).last()).toContainText('alpha59');
  await expect(page.getByText('Beta answered quickly.')).toHaveCount(0);
  await waitForIdle(page);
  await expect(a).toContainText('finished');
  // Most recently active first.
  await expect(sessionItems(page).first()).toContainText('Session A question');
});

test('sessions: rename, search by title, delete with undo', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'text', content: 'one' },
    { kind: 'text', content: 'two' },
  ]);
  await sendMessage(page, 'Groceries list');
  await expect(assistantMessages(page).last()).toContainText('one');
  await waitForIdle(page);
  await newSession(page);
  await sendMessage(page, 'Trip to Lisbon');
  await expect(assistantMessages(page).last()).toContainText('two');
  await waitForIdle(page);

  const trip = sessionItems(page).filter({ hasText: 'Trip to Lisbon' });
  await trip.getByRole('button', { name: 'Rename Trip to Lisbon' }).click();
  await page.getByRole('textbox', { name: 'Session title' }).fill('Lisbon in May');
  await page.getByRole('textbox', { name: 'Session title' }).press('Enter');
  await expect(sessionItems(page).filter({ hasText: 'Lisbon in May' })).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('groc');
  await expect(sessionItems(page)).toHaveCount(1);
  await expect(sessionItems(page).first()).toContainText('Groceries list');
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('');
  await expect(sessionItems(page)).toHaveCount(2);

  await sessionItems(page)
    .filter({ hasText: 'Groceries list' })
    .getByRole('button', { name: 'Delete Groceries list' })
    .click();
  await expect(sessionItems(page)).toHaveCount(1);
  const toast = page.getByRole('status').filter({ hasText: 'Deleted' });
  await expect(toast).toContainText('Groceries list');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(sessionItems(page)).toHaveCount(2);
  await sessionItems(page)
    .filter({ hasText: 'Groceries list' })
    .getByRole('button', { name: 'Groceries list', exact: true })
    .click();
  await expect(assistantMessages(page).last()).toContainText('one');
});

test('deleting from the keyboard puts focus on Undo; the notice stays in the sidebar, clear of the Message box', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'ok' }]);
  await sendMessage(page, `Notes ${'x'.repeat(150)}`);
  await waitForIdle(page);

  const item = sessionItems(page).first();
  await item.getByRole('button', { name: /^Delete / }).focus();
  await page.keyboard.press('Enter');
  await expect(sessionItems(page)).toHaveCount(0);
  const toast = page.getByRole('status').filter({ hasText: 'Deleted' });
  const undo = toast.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();

  const sidebar = await page.getByRole('navigation', { name: 'Sessions' }).boundingBox();
  const box = await toast.boundingBox();
  const composer = await messageBox(page).boundingBox();
  expect(sidebar && box && composer).toBeTruthy();
  if (!sidebar || !box || !composer) return;
  expect(box.x + box.width).toBeLessThanOrEqual(sidebar.x + sidebar.width);
  expect(box.x + box.width).toBeLessThanOrEqual(composer.x);

  await page.keyboard.press('Enter');
  await expect(sessionItems(page)).toHaveCount(1);
});

test('"just now" in the sessions list moves on while the page stays open', async ({ page, mock }) => {
  await page.clock.install();
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'ok' }]);
  await sendMessage(page, 'Morning notes');
  await waitForIdle(page);
  const item = sessionItems(page).first();
  await expect(item).toContainText('just now');

  // Nothing about the session changes; only time passes.
  await page.clock.fastForward('05:00');
  await expect(item).toContainText(/[45] min ago/);
});
