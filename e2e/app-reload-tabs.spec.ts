/**
 * The chat's side of reload and two tabs, with screenshots (persist-*.spec.ts check what IndexedDB holds).
 */
import { test, expect } from './fixtures';
import { readStores } from './support/stored-rows';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openApp, openConfiguredApp } from './support/configured-app';

const words = (n: number) => Array.from({ length: n }, (_, i) => `part${i}`).join(' ');

test('reload mid-stream: the partial answer is shown marked interrupted, and the chat continues', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock, { remember: true });
  // Held by the server's gate, not by a stream slow enough: the reload comes while it is still open, however busy the machine.
  mock.script([
    { kind: 'hold', gate: 'long', afterChunks: 20, step: { kind: 'text', content: words(200) } },
    { kind: 'text', content: 'Picking up where we left off.' },
  ]);
  await sendMessage(page, 'Long answer please');
  await expect(assistantMessages(page).last()).toContainText('part8');
  // Wait until the shown text is stored (architecture.md, invariant 2: within about a second), then reload.
  await expect
    .poll(async () => {
      const { messages = [] } = await readStores(page, ['messages']);
      return messages.some((m) => m.role === 'assistant' && String(m.content).includes('part3'));
    })
    .toBe(true);
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: 'Long answer please', exact: true })
    .click();
  const partial = assistantMessages(page).last();
  await expect(partial).toHaveAttribute('data-status', 'interrupted');
  await expect(partial).toContainText('Interrupted');
  await expect(partial).toContainText('part3');
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toContainText('interrupted');
  await page.screenshot({ path: 'e2e/artifacts/chat-interrupted.png' });

  await sendMessage(page, 'go on');
  await expect(assistantMessages(page).last()).toContainText('Picking up where we left off.');
  await waitForIdle(page);
});

test('a second tab watches the run read-only with a clear message', async ({ context, mock }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  mock.script([{ kind: 'hold', gate: 'watched', afterChunks: 20, step: { kind: 'text', content: words(200) } }]);
  await openConfiguredApp(a, mock);
  await sendMessage(a, 'Watched session');
  await expect(assistantMessages(a).last()).toContainText('part3');

  await openApp(b);
  await configureSettings(b, mock);
  await b
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: 'Watched session', exact: true })
    .click();
  await expect(b.getByRole('status').filter({ hasText: 'running in another tab' })).toBeVisible();
  await expect(messageBox(b)).toBeDisabled();
  await expect(assistantMessages(b).last()).toContainText('part10');
  await b.screenshot({ path: 'e2e/artifacts/app-second-tab-read-only.png' });
  await a.getByRole('button', { name: 'Stop' }).click();
  await expect(messageBox(b)).toBeEnabled();
});
