import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { conversation } from './support/sent-requests';
import { openConfiguredApp } from './support/configured-app';
import { currentSessionId } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { readSession } from './support/stored-rows';

test('a multi-tool run: parallel calls, a second turn, inline cards with arguments, status, duration and results', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
    {
      name: 'big_report',
      urlTemplate: `${mock.origin}/tools/big?kb=2`,
      parameters: { type: 'object', properties: {} },
    },
  ]);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_tokyo', name: 'get_weather', arguments: { city: 'Tokyo' } },
      ],
      chunkDelayMs: 20,
    },
    { kind: 'tool_calls', calls: [{ id: 'call_big', name: 'big_report', arguments: {} }] },
    { kind: 'text', content: 'Paris and Tokyo are both covered.' },
  ]);
  await sendMessage(page, 'Weather in Paris and Tokyo?');
  await expect(assistantMessages(page).last()).toContainText('Paris and Tokyo are both covered.');
  await waitForIdle(page);

  const paris = toolCard(page, 'call_paris');
  // The finished turn of two calls is one row that opens to them.
  const turnRow = page.getByRole('button', { name: /^2 tools, all ok, \d+(\.\d+)? m?s$/ });
  await expect(turnRow).toHaveAttribute('aria-expanded', 'false');
  await expect(paris).toBeHidden();
  await turnRow.click();
  await expect(turnRow).toHaveAttribute('aria-expanded', 'true');
  await expect(paris).toContainText('get_weather');
  // Finished calls are calm rows: name, a short summary of the arguments, outcome and duration; opened on click.
  const row = paris.getByRole('button', { name: /^get_weather city: "Paris" ok \d/ });
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await expect(paris.getByLabel('Arguments')).toHaveCount(0);
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(paris.getByLabel('Arguments')).toHaveText('{\n  "city": "Paris"\n}');
  await expect(paris.locator('.status')).toHaveText('ok');
  await expect(paris).toContainText(/\d+(\.\d+)? m?s/);
  await expect(paris.getByLabel('Result', { exact: true })).toContainText('"city":"Paris"');
  await expandToolCard(toolCard(page, 'call_tokyo'));
  await expect(toolCard(page, 'call_tokyo').getByLabel('Result', { exact: true })).toContainText('Tokyo');

  // A long result is previewed, with a control to see all of it.
  const big = toolCard(page, 'call_big');
  await expandToolCard(big);
  const preview = (await big.getByLabel('Result', { exact: true }).textContent()) ?? '';
  expect(preview.endsWith('…')).toBe(true);
  await big.getByRole('button', { name: /Show all/ }).click();
  expect(((await big.getByLabel('Result', { exact: true }).textContent()) ?? '').length).toBeGreaterThan(
    preview.length,
  );

  // The model got one result per call id, in call order, before the next turn.
  const second = conversation(mock.requests[1]);
  expect(second.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['call_paris', 'call_tokyo']);
  expect(mock.requests[0]?.body.tools?.map((t) => t.function?.name)).toEqual(
    expect.arrayContaining(['big_report', 'get_weather']),
  );
  await page.screenshot({ path: 'e2e/artifacts/chat-tool-cards.png' });

  await paris.getByRole('button', { name: 'Show in timeline' }).click();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
});

test('approval: edit the arguments and approve one call, deny another', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    {
      name: 'get_weather',
      urlTemplate: `${mock.origin}/tools/weather?city={city}`,
      parameters: cityParams,
      needsApproval: true,
    },
  ]);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_a', name: 'get_weather', arguments: { city: 'Pari' } }] },
    { kind: 'tool_calls', calls: [{ id: 'call_b', name: 'get_weather', arguments: { city: 'Oslo' } }] },
    { kind: 'text', content: 'Done.' },
  ]);
  await sendMessage(page, 'weather please');
  const approval = page.getByRole('group', { name: 'Approve get_weather?' });
  await expect(approval).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toContainText('waiting for approval');
  await page.screenshot({ path: 'e2e/artifacts/chat-approval.png' });
  await approval.getByRole('button', { name: 'Edit arguments' }).click();
  await approval.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"city":"Paris"}');
  await approval.getByRole('button', { name: 'Approve edited' }).click();
  await expandToolCard(toolCard(page, 'call_a'));
  await expect(toolCard(page, 'call_a').getByLabel('Result', { exact: true })).toContainText('"city":"Paris"');

  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(toolCard(page, 'call_b').locator('.status')).toHaveText('denied');
  await expect(assistantMessages(page).last()).toContainText('Done.');
  const toolMsgs = conversation(mock.requests[2]).filter((m) => m.role === 'tool');
  expect(toolMsgs).toHaveLength(2);
  expect(String(toolMsgs[0]?.content)).toContain('Paris');
  // The model is told the call was denied, in the result for that call.
  expect(toolMsgs[1]?.tool_call_id).toBe('call_b');
  expect(String(toolMsgs[1]?.content)).toMatch(/denied by user/i);
  expect(mock.allRequests.filter((r) => r.path === '/tools/weather').map((r) => r.query.city)).toEqual(['Paris']);
});

test('Stop while an approval is pending: the card goes, the call is cancelled and the stored history stays valid', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    {
      name: 'get_weather',
      urlTemplate: `${mock.origin}/tools/weather?city={city}`,
      parameters: cityParams,
      needsApproval: true,
    },
  ]);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_wait', name: 'get_weather', arguments: { city: 'Lima' } }] },
    { kind: 'text', content: 'Fresh start.' },
  ]);
  await sendMessage(page, 'weather in Lima');
  const approval = page.getByRole('group', { name: 'Approve get_weather?' });
  await expect(approval).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(approval).toBeHidden();
  await expect(toolCard(page, 'call_wait').locator('.status')).toHaveText('cancelled');
  await waitForIdle(page);
  expect(mock.allRequests.filter((r) => r.path === '/tools/weather')).toEqual([]);

  const sessionId = await currentSessionId(page);
  await expect
    .poll(async () =>
      (await readSession(page, sessionId)).messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId),
    )
    .toEqual(['call_wait']);
  expect(historyProblems((await readSession(page, sessionId)).messages)).toEqual([]);

  // The next run sends that history to the model, still one result per call.
  await sendMessage(page, 'never mind');
  await expect(assistantMessages(page).last()).toContainText('Fresh start.');
  await waitForIdle(page);
  const next = await mock.waitForRequest(1);
  expect(historyProblems(wireHistory(next))).toEqual([]);
  expect(
    conversation(next)
      .filter((m) => m.role === 'tool')
      .map((m) => m.tool_call_id),
  ).toEqual(['call_wait']);
});
