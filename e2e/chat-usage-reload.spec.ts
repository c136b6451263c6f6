/**
 * Per-turn token usage comes from what is stored (the run's request_finished events), so it is still shown
 * after a reload, next to the session total.
 */
import { expect, test } from './fixtures';
import { currentSessionId, openSession } from './support/session-list';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { ROME_ANSWER, ROME_QUESTION, ROME_TOTAL, ROME_TURNS, scriptRomeWithUsage } from './support/rome-usage';
import { openConfiguredApp } from './support/configured-app';

test('per-turn usage and the session total survive a reload', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await scriptRomeWithUsage(page, mock);
  await sendMessage(page, ROME_QUESTION);
  await expect(assistantMessages(page).last()).toContainText(ROME_ANSWER);
  await waitForIdle(page);

  const [turn1, turn2] = ROME_TURNS;
  const total = ROME_TOTAL;
  const check = async () => {
    await expect(assistantMessages(page).first()).toContainText(`Turn 1: ${turn1}`);
    await expect(assistantMessages(page).last()).toContainText(`Turn 2: ${turn2}`);
    await expect(page.getByLabel('Session usage')).toHaveText(total);
    // Reported by the provider, so none is marked estimated.
    await expect(page.locator('.usage')).toHaveText([`Turn 1: ${turn1}`, `Turn 2: ${turn2}`, total]);
  };
  await check();
  const sessionId = await currentSessionId(page);

  // No price is known for the mock model: the chat shows no cost (never $0), and says so once, where prices are set.
  await expect(page.locator('section.chat .cost')).toHaveCount(0);
  await expect(page.locator('section.chat')).not.toContainText('not known');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toContainText('Cost not known: no price for “mock-gpt”');
  // A price of one's own in Settings makes it known: 2,700 in at $2 and 55 out at $8 per million tokens.
  await settings.getByRole('textbox', { name: 'Token prices' }).fill('mock-gpt: 2 - 8');
  await expect(settings).not.toContainText('Cost not known');
  await settings.getByRole('button', { name: 'Apply trace settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Trace settings applied.');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  const costs = async () => {
    // Each in its quiet line, with words for a screen reader: "Turn 1 cost: $0.0027".
    await expect(assistantMessages(page).first().locator('.message-meta .cost')).toHaveText('Turn 1 cost: $0.0027');
    await expect(page.locator('.chat-footer .cost')).toHaveText('Session cost: $0.0058');
  };
  await costs();

  await page.reload();
  await openSession(page, sessionId);
  await expect(toolCard(page, 'call_rome')).toBeVisible();
  await check();
  await costs();
});

test('a reply without reported usage is estimated, and marks the turn and the session total estimated, also after a reload', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    {
      kind: 'text',
      content: 'Counted by the provider.',
      usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
    },
    { kind: 'text', content: 'This server reports no usage at all.', omitUsage: true },
  ]);
  await sendMessage(page, 'first');
  await expect(assistantMessages(page).last()).toContainText('Counted by the provider.');
  await waitForIdle(page);
  await expect(page.getByLabel('Session usage')).toHaveText('Session: 110 tokens (100 in, 10 out)');

  await sendMessage(page, 'second');
  await expect(assistantMessages(page).last()).toContainText('This server reports no usage at all.');
  await waitForIdle(page);
  // The server was asked for usage and still sent none.
  expect(mock.requests[1]?.body.stream_options?.include_usage).toBe(true);

  const check = async () => {
    await expect(assistantMessages(page).first().locator('.usage')).toHaveText('Turn 1: 110 tokens (100 in, 10 out)');
    // Turns are numbered per session: the second run's only turn is the session's second.
    await expect(assistantMessages(page).last().locator('.usage')).toHaveText(
      /^Turn 2: [\d,]+ tokens \([\d,]+ in, [1-9][\d,]* out\), estimated$/,
    );
    await expect(page.getByLabel('Session usage')).toHaveText(
      /^Session: [\d,]+ tokens \([\d,]+ in, [\d,]+ out\), estimated$/,
    );
  };
  await check();
  const sessionId = await currentSessionId(page);
  await page.reload();
  await openSession(page, sessionId);
  await check();
});
