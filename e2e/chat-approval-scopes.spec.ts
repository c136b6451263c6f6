/**
 * Approval scopes: "Always allow this tool" survives a reload and later calls run without asking; revoked in the
 * Tools view, the next call asks again. "Deny for this session" denies later calls in that session only; "Approve for
 * this session" holds in its session and not in a new one.
 */
import { expect, test } from './fixtures';
import { sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { conversation } from './support/sent-requests';
import { openConfiguredApp } from './support/configured-app';
import { newSession } from './support/session-list';

const weatherCall = (id: string, city: string) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name: 'get_weather', arguments: { city } }],
});
const toolResults = (req: Parameters<typeof conversation>[0]) =>
  conversation(req)
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));

test('"Always allow this tool" survives a reload; revoked in Tools, the next call asks again', async ({
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
  mock.script([weatherCall('call_1', 'Paris'), { kind: 'text', content: 'One.' }]);
  await sendMessage(page, 'first');
  const approval = page.getByRole('group', { name: 'Approve get_weather?' });
  await approval.getByRole('button', { name: 'Always allow this tool' }).click();
  await waitForIdle(page);
  await expect(toolCard(page, 'call_1').locator('.status')).toHaveText('ok');

  await page.reload();
  mock.script([weatherCall('call_2', 'Oslo'), { kind: 'text', content: 'Two.' }]);
  await sendMessage(page, 'second');
  await waitForIdle(page);
  // It ran without asking: no card was shown and the model got the tool's answer.
  await expect(toolCard(page, 'call_2').locator('.status')).toHaveText('ok');
  expect(toolResults(mock.requests.at(-1)).at(-1)).toContain('Oslo');

  await page.getByRole('tab', { name: 'Tools' }).click();
  const answers = page.getByRole('list', { name: 'Approval answers' });
  await expect(answers).toContainText('get_weather: always allowed');
  await answers.getByRole('button', { name: 'Revoke get_weather: always allowed' }).click();
  await expect(page.getByRole('list', { name: 'Approval answers' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([weatherCall('call_3', 'Rome'), { kind: 'text', content: 'Three.' }]);
  await sendMessage(page, 'third');
  await expect(page.getByRole('group', { name: 'Approve get_weather?' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Approve get_weather?' })
    .getByRole('button', { name: 'Deny', exact: true })
    .click();
  await waitForIdle(page);
  await expect(toolCard(page, 'call_3').locator('.status')).toHaveText('denied');

  // A rule on the arguments: "always allow when city is Paris" lets the next Paris call run unasked, not Rome's.
  mock.script([
    weatherCall('call_4', 'Paris'),
    weatherCall('call_5', 'Paris'),
    weatherCall('call_6', 'Rome'),
    { kind: 'text', content: 'Four.' },
  ]);
  await sendMessage(page, 'fourth');
  const ruled = page.getByRole('group', { name: 'Approve get_weather?' });
  await ruled.getByRole('button', { name: 'Always allow when…' }).click();
  const form = ruled.getByRole('group', { name: 'Rule on the arguments' });
  await expect(form.getByRole('combobox', { name: 'Argument' })).toHaveValue('city');
  await form.getByRole('combobox', { name: 'Test' }).selectOption('is');
  await form.getByRole('textbox', { name: 'Value' }).fill('Lyon');
  await expect(form.getByRole('alert')).toHaveText(
    'This call does not match the rule, so it would not be allowed by it.',
  );
  await expect(form.getByRole('button', { name: 'Always allow when this matches' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Value' }).fill('Paris');
  await form.getByRole('button', { name: 'Always allow when this matches' }).click();
  await expect(toolCard(page, 'call_5').locator('.status')).toHaveText('ok');
  await page
    .getByRole('group', { name: 'Approve get_weather?' })
    .getByRole('button', { name: 'Deny', exact: true })
    .click();
  await waitForIdle(page);
  await expect(toolCard(page, 'call_6').locator('.status')).toHaveText('denied');
  // The timeline names who let each call run.
  await toolCard(page, 'call_5').getByRole('button', { name: 'Show in timeline' }).click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details).toContainText('approved by rule “get_weather: always allowed when city is “Paris””');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('list', { name: 'Approval answers' })).toContainText(
    'get_weather: always allowed when city is “Paris”',
  );
});

test('"Deny for this session" denies later calls there without asking; a new session asks; "Approve for this session" holds in its session', async ({
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
  mock.script([weatherCall('call_d1', 'Paris'), weatherCall('call_d2', 'Oslo'), { kind: 'text', content: 'Done.' }]);
  await sendMessage(page, 'deny it');
  await page
    .getByRole('group', { name: 'Approve get_weather?' })
    .getByRole('button', { name: 'Deny for this session' })
    .click();
  await waitForIdle(page);
  await expect(toolCard(page, 'call_d1').locator('.status')).toHaveText('denied');
  await expect(toolCard(page, 'call_d2').locator('.status')).toHaveText('denied');
  expect(toolResults(mock.requests.at(-1))).toEqual([
    'Denied by user: denied for this session',
    'Denied by user: denied for this session',
  ]);

  await newSession(page);
  mock.script([weatherCall('call_n1', 'Paris'), weatherCall('call_n2', 'Oslo'), { kind: 'text', content: 'Done.' }]);
  await sendMessage(page, 'ask me');
  const approval = page.getByRole('group', { name: 'Approve get_weather?' });
  await approval.getByRole('button', { name: 'Approve for this session' }).click();
  await waitForIdle(page);
  await expect(toolCard(page, 'call_n1').locator('.status')).toHaveText('ok');
  await expect(toolCard(page, 'call_n2').locator('.status')).toHaveText('ok');
  expect(toolResults(mock.requests.at(-1))).toHaveLength(2);

  await page.getByRole('tab', { name: 'Tools' }).click();
  const answers = page.getByRole('list', { name: 'Approval answers' });
  await expect(answers.getByRole('listitem')).toHaveCount(2);
  await expect(answers).toContainText('get_weather: denied in');
  await expect(answers).toContainText('get_weather: approved in');
});
