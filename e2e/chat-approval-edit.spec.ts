/**
 * Editing a call's arguments in the approval card: checked live against the tool's schema (in the validation
 * worker), "Approve edited" only for arguments that fit, and the tool runs with the edited ones. A denial reaches
 * the model as one plain "Denied by user".
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { conversation } from './support/sent-requests';
import { openConfiguredApp } from './support/configured-app';

test('edited approval arguments are validated live; a valid edit runs, a denial reads "Denied by user"', async ({
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
    { kind: 'tool_calls', calls: [{ id: 'call_edit', name: 'get_weather', arguments: { city: 'Pari' } }] },
    { kind: 'tool_calls', calls: [{ id: 'call_deny', name: 'get_weather', arguments: { city: 'Oslo' } }] },
    { kind: 'text', content: 'Done.' },
  ]);
  await sendMessage(page, 'weather please');

  const approval = page.getByRole('group', { name: 'Approve get_weather?' });
  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: 'Edit arguments' }).click();
  const box = approval.getByRole('textbox', { name: 'Arguments (JSON)' });
  const errors = approval.getByRole('alert', { name: 'Argument errors' });
  const approveEdited = approval.getByRole('button', { name: 'Approve edited' });

  await box.fill('{"town":"Paris"}');
  await expect(errors).toContainText("/city: must have required property 'city'");
  await expect(errors).toContainText('/town: is not an allowed property');
  await expect(approveEdited).toBeDisabled();
  await expect(box).toHaveAttribute('aria-invalid', 'true');

  await box.fill('{"city": 5}');
  await expect(errors).toHaveText('/city: must be string');
  await expect(approveEdited).toBeDisabled();

  await box.fill('{"city": ');
  await expect(errors).toContainText('/: not valid JSON');
  await expect(approveEdited).toBeDisabled();

  await box.fill('{"city": "Paris"}');
  await expect(errors).toHaveCount(0);
  await expect(approveEdited).toBeEnabled();
  await approveEdited.click();
  await expandToolCard(toolCard(page, 'call_edit'));
  await expect(toolCard(page, 'call_edit').getByLabel('Result', { exact: true })).toContainText('"city":"Paris"');
  await expect(toolCard(page, 'call_edit').getByLabel('Arguments')).toContainText('"city": "Paris"');

  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(toolCard(page, 'call_deny').locator('.status')).toHaveText('denied');
  await expect(assistantMessages(page).last()).toContainText('Done.');
  await waitForIdle(page);

  const results = conversation(mock.requests[2]).filter((m) => m.role === 'tool');
  expect(results.map((m) => m.tool_call_id)).toEqual(['call_edit', 'call_deny']);
  expect(JSON.parse(String(results[0]?.content))).toMatchObject({ city: 'Paris' });
  expect(results[1]?.content).toBe('Denied by user');
});
