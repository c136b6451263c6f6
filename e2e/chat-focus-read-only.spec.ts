import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openApp, openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession } from './support/session-list';

// A Message box turns read-only while another tab runs its session, which drops the cursor from it. Once the run is
// over and the box is writable again, the cursor is back where the person left it, with what they had typed.
test('the cursor comes back to a Message box that was read-only while another tab ran the session', async ({
  context,
  mock,
}) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  // Tab A's second answer stops after its first word and stays open until the test has looked at tab B: a stream
  // that ended by itself could be over before B was checked (see the hold step in e2e/server/types.ts).
  mock.script([
    { kind: 'text', content: 'First.' },
    { kind: 'hold', gate: 'tab-a', afterChunks: 2, step: { kind: 'text', content: 'Second, from the other tab.' } },
  ]);
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
  await mock.waitForHold('tab-a');
  await expect(messageBox(tabB)).toBeDisabled();
  await expect(messageBox(tabB)).not.toBeFocused();

  mock.release('tab-a');
  await expect(assistantMessages(tabA).last()).toContainText('Second, from the other tab.');
  await waitForIdle(tabA);
  await expect(messageBox(tabB)).toBeEnabled();
  await expect(messageBox(tabB)).toBeFocused();
  await expect(messageBox(tabB)).toHaveValue('half a thought');
});
