/**
 * Per-turn token usage comes from what is stored (the run's request_finished events), so it is still shown
 * after a reload, next to the session total.
 */
import { expect, test } from './fixtures';
import { currentSessionId, openSession } from './persist-helpers';
import { assistantMessages, cityParams, openConfiguredApp, seedHttpTools, sendMessage, toolCard, waitForIdle } from './app-helpers';

test('per-turn usage and the session total survive a reload', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [{ name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams }]);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_rome', name: 'get_weather', arguments: { city: 'Rome' } }], usage: { prompt_tokens: 1200, completion_tokens: 34, total_tokens: 1234 } },
    { kind: 'text', content: 'Rome is sunny.', usage: { prompt_tokens: 1500, completion_tokens: 21, total_tokens: 1521 } },
  ]);
  await sendMessage(page, 'Weather in Rome?');
  await expect(assistantMessages(page).last()).toContainText('Rome is sunny.');
  await waitForIdle(page);

  const turn1 = '1,234 tokens (1,200 in, 34 out)';
  const turn2 = '1,521 tokens (1,500 in, 21 out)';
  const total = 'Session: 2,755 tokens (2,700 in, 55 out)';
  const check = async () => {
    await expect(assistantMessages(page).first()).toContainText(`Turn 1: ${turn1}`);
    await expect(assistantMessages(page).last()).toContainText(`Turn 2: ${turn2}`);
    await expect(page.getByLabel('Session usage')).toHaveText(total);
    // Reported by the provider, so none is marked estimated.
    await expect(page.locator('.usage')).toHaveText([`Turn 1: ${turn1}`, `Turn 2: ${turn2}`, total]);
  };
  await check();
  const sessionId = await currentSessionId(page);

  await page.reload();
  await openSession(page, sessionId);
  await expect(toolCard(page, 'call_rome')).toBeVisible();
  await check();
});
