import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openApp, openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession } from './support/session-list';

// A Message box turns read-only while another tab runs its session, which drops the cursor from it. Once the run is
// over and the box is writable again, the cursor is back where the person left it, with what they had typed.
test('the cursor comes back to a Message box that was read-only while another tab ran the session', async ({ context, mock }) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  mock.script([{ kind: 'text', content: 'First.' }, { kind: 'text', content: 'Second, from the other tab.', chunkDelayMs: 60 }]);
  await openConfiguredApp(tabA, mock);
  await sendMessage(tabA, 'shared session');
  await expect(assistantMessages(tabA).last()).toContainText('First.');
  await waitForIdle(tabA);
  const sessionId = await currentSessionId(tabA);

  await openApp(tabB);
  await configureSettings(tabB, mock);
  await openSession(tabB, sessionId);
  await messageBox(tabB).click();
  await tabB.keyboard.type('half a thought');

  await sendMessage(tabA, 'a run from tab A');
  await expect(messageBox(tabB)).toBeDisabled();
  await expect(messageBox(tabB)).not.toBeFocused();

  await waitForIdle(tabA);
  await expect(messageBox(tabB)).toBeEnabled();
  await expect(messageBox(tabB)).toBeFocused();
  await expect(messageBox(tabB)).toHaveValue('half a thought');
});
