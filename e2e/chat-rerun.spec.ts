import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle, waitForNewRun } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { conversation, requestText, systemText } from './support/sent-requests';
import { openConfiguredApp } from './support/configured-app';
import { historyProblems, wireHistory } from './support/history-check';

const chat = (page: Page) => page.locator('section.chat');

/** Opens "Re-run from here" on the first reply (the one that called the tool) and starts it. */
async function rerunFirstReply(
  page: Page,
  opts: { stepModel: string; model?: string; live?: boolean },
): Promise<string | null> {
  const before = await chat(page).getAttribute('data-run-id');
  await page.getByRole('button', { name: 'Re-run from here' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Re-run from here' });
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue(opts.stepModel);
  await expect(dialog.getByRole('radio', { name: 'Use recorded results' })).toBeChecked();
  if (opts.model) await dialog.getByRole('textbox', { name: 'Model' }).fill(opts.model);
  if (opts.live) await dialog.getByRole('radio', { name: 'Run tools live' }).check();
  await dialog.getByRole('button', { name: 'Re-run' }).click();
  await expect(dialog).toBeHidden();
  return before;
}

test('re-run from a step: recorded tool results answer without the tool server, a changed argument asks, live runs it; reloads keep it', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock, { remember: true });
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  const toolHits = () => mock.allRequests.filter((r) => r.path === '/tools/weather').length;
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } }] },
    { kind: 'text', content: 'Original answer.' },
  ]);
  await sendMessage(page, 'Weather in Paris?');
  await waitForIdle(page);
  expect(toolHits()).toBe(1);
  const original = mock.requests[1]!;

  // Recorded results, another model: same arguments in another key order and another call id match.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_b', name: 'get_weather', arguments: { city: 'Paris' } }] },
    { kind: 'text', content: 'Re-run answer.' },
  ]);
  let before = await rerunFirstReply(page, { stepModel: 'mock-gpt', model: 'other-model' });
  await waitForNewRun(page, before);
  await expect(assistantMessages(page).last()).toContainText('Re-run answer.');
  expect(toolHits()).toBe(1);
  const first = mock.requests[2]!;
  // The step's request again, verbatim (its system prompt with the date and time it was sent), on the new model.
  expect(first.body.model).toBe('other-model');
  expect(conversation(first)).toEqual(conversation(mock.requests[0]));
  expect(systemText(first)).toBe(systemText(mock.requests[0]));
  // The recorded output reached the model as the call's result.
  expect(conversation(mock.requests[3]!).at(-1)?.content).toBe(conversation(original).at(-1)?.content);
  expect(historyProblems(wireHistory(mock.requests[3]!))).toEqual([]);
  const recordedRow = page.getByRole('group', { name: 'Tool call get_weather' }).last();
  await expect(recordedRow).toContainText('recorded');
  await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/chat-rerun-recorded.png' });

  await page.reload();
  await expect(assistantMessages(page).last()).toContainText('Re-run answer.');
  await expect(page.getByRole('group', { name: 'Tool call get_weather' }).last()).toContainText('recorded');

  // A changed argument has no recording: the run waits, and an answer by hand is what the next request carries.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_c', name: 'get_weather', arguments: { city: 'Oslo' } }] },
    { kind: 'text', content: 'Answered by hand.' },
  ]);
  // The branch shown now is the re-run's: its step went to other-model.
  before = await rerunFirstReply(page, { stepModel: 'other-model' });
  const question = page.getByRole('group', { name: 'No recorded result for get_weather' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Answer by hand' }).click();
  await question.getByRole('textbox', { name: 'Tool result' }).fill('Oslo: 12 degrees, clear');
  await question.getByRole('textbox', { name: 'Tool result' }).press('Enter');
  await waitForNewRun(page, before);
  await expect(assistantMessages(page).last()).toContainText('Answered by hand.');
  expect(conversation(mock.requests.at(-1)).at(-1)?.content).toBe('Oslo: 12 degrees, clear');
  expect(toolHits()).toBe(1);

  // Reload while the question waits: the call is answered as interrupted, nothing runs, the history stays valid.
  mock.script([{ kind: 'tool_calls', calls: [{ id: 'call_d', name: 'get_weather', arguments: { city: 'Rome' } }] }]);
  await rerunFirstReply(page, { stepModel: 'other-model' });
  await expect(page.getByRole('group', { name: 'No recorded result for get_weather' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Tool call get_weather' }).last()).toContainText('interrupted');
  await expect(page.getByRole('group', { name: /^No recorded result/ })).toHaveCount(0);
  expect(toolHits()).toBe(1);

  // Live: the tool's server is asked again.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_e', name: 'get_weather', arguments: { city: 'Paris' } }] },
    { kind: 'text', content: 'Live answer.' },
  ]);
  before = await rerunFirstReply(page, { stepModel: 'other-model', live: true });
  await waitForNewRun(page, before);
  await expect(assistantMessages(page).last()).toContainText('Live answer.');
  expect(toolHits()).toBe(2);
  expect(requestText(mock.requests.at(-1)!)).toContain('Paris');
  await expect(page.getByRole('group', { name: 'Tool call get_weather' }).last()).not.toContainText('recorded');

  // The timeline's details of a model turn offer it too, for that turn's step.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator('[data-kind="request"]').first().click();
  await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Re-run from here' }).click();
  const fromTimeline = page.getByRole('dialog', { name: 'Re-run from here' });
  await expect(fromTimeline.getByRole('textbox', { name: 'Model' })).not.toHaveValue('');
  await fromTimeline.getByRole('button', { name: 'Cancel' }).click();
  await expect(fromTimeline).toBeHidden();
});
