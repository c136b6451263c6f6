/**
 * What a request leaves out of the history, said on its step (docs/wire-formats.md, "What is kept verbatim"): after a
 * thinking tool loop in an Anthropic session, "Re-run from here" on another model cannot send the first reply's signed
 * thinking (a signature binds it to the model that wrote it), so the re-run's request goes without it, with thinking
 * off, and its reply and its timeline turn say so in words, after a reload too. Against the project's mock server,
 * which refuses a tool-loop turn whose signed thinking is missing or changed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle, waitForNewRun } from './support/chat-run';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { cityParams, seedHttpTools } from './support/http-tool-seed';

const NOTE = 'Left out of this request';

/** Settings for Claude on the mock server, thinking on. */
async function useAnthropic(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: 'Anthropic' });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(url);
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  // The mock server is not Anthropic's host, so the API is chosen by hand.
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Anthropic Messages' });
  await dialog.getByRole('textbox', { name: 'Model' }).fill('claude-mock-a');
  await dialog.getByRole('spinbutton', { name: 'Thinking budget (tokens)' }).fill('2048');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a re-run on another model says on its step that the signed thinking of turn 1 was left out, and why', async ({
  page,
  mock,
}) => {
  mock.configure({ apiKey: TEST_KEY, models: ['claude-mock-a', 'claude-mock-b'] });
  await openConfiguredApp(page, mock);
  await useAnthropic(page, mock.url);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);

  // A tool loop with thinking: the first reply's signed thinking goes back first and unchanged, so nothing is left out.
  mock.script([
    {
      kind: 'tool_calls',
      reasoning: 'The user wants the weather. I will call the tool.',
      calls: [{ id: 'toolu_a', name: 'get_weather', arguments: { city: 'Paris' } }],
    },
    { kind: 'text', content: 'It is sunny in Paris.' },
  ]);
  await sendMessage(page, 'Weather in Paris?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('It is sunny in Paris.');
  const loopTurn = mock.requests.at(-1)?.body as { messages: { content: { type: string }[] }[]; thinking?: unknown };
  expect(loopTurn.messages[1]?.content[0]?.type).toBe('thinking');
  await expect(page.getByRole('note', { name: NOTE })).toHaveCount(0);

  // Re-run from here, the final step, on another model: the first reply's thinking was signed by claude-mock-a.
  mock.script([{ kind: 'text', content: 'Re-run answer.' }]);
  const before = await page.locator('section.chat').getAttribute('data-run-id');
  await assistantMessages(page).last().getByRole('button', { name: 'Re-run from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-run from here' });
  await dialog.getByRole('textbox', { name: 'Model' }).fill('claude-mock-b');
  await dialog.getByRole('button', { name: 'Re-run' }).click();
  await waitForNewRun(page, before);
  const rerun = assistantMessages(page).last();
  await expect(rerun).toContainText('Re-run answer.');

  // The request went without the thinking block and with thinking off, which Anthropic then accepts.
  const sent = mock.requests.at(-1)?.body as { messages: { content: { type: string }[] }[]; thinking?: unknown };
  expect(sent.messages[1]?.content.map((b) => b.type)).toEqual(['tool_use']);
  expect(sent.thinking).toBeUndefined();

  const lines = [
    "Turn 1's reply: Its thinking was left out: it was written by claude-mock-a, not claude-mock-b.",
    'Thinking was off for this request: the reply it continues has no signed thinking to send back first, ' +
      'which Anthropic requires in a tool loop with thinking on.',
  ];
  const note = rerun.getByRole('note', { name: NOTE });
  await expect(note.getByRole('listitem')).toHaveText(lines);
  // Only the step whose request left something out says so.
  await expect(page.getByRole('note', { name: NOTE })).toHaveCount(1);
  await page.screenshot({ path: 'e2e/artifacts/chat-left-out.png' });

  await page.reload();
  await expect(assistantMessages(page).last().getByRole('note', { name: NOTE }).getByRole('listitem')).toHaveText(
    lines,
  );

  // The timeline's details of the re-run's model turn say the same under its attempt.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator('[data-kind="request"]').last().click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByRole('heading', { name: /model request/ })).toBeVisible();
  await expect(details.getByRole('note', { name: NOTE }).getByRole('listitem')).toHaveText(lines);
});
