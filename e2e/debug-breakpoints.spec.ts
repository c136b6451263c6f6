/**
 * Breakpoints (architecture.md, "Breakpoints"): a run stops before a model request or around a tool call, the person
 * edits what goes in or comes back (checked first: a bad edit is said in words and nothing is sent), then Continue,
 * Step or Stop. An argument edit leaves the call as the model made it as a sibling branch; every edit is marked and
 * goes out in the export. Against the project's mock server, through a real socket.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { historyProblems, wireHistory } from './support/history-check';
import { openConfiguredApp } from './support/configured-app';
import { exportVia } from './support/import-export';
import { expectNoAxeViolations } from './support/axe-scan';

const evalCall = (id: string, expression: string) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name: 'js_eval', arguments: { expression } }],
});

async function newSessionWithBreakpoints(page: Page, set: (group: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  const group = page.getByRole('group', { name: 'Breakpoints' });
  await set(group);
  return group;
}

test('before js_eval: a bad edit is refused in words, the edited call runs, and the step becomes two branches', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  // An earlier session first: a new session starts with no breakpoints of its own.
  mock.script([{ kind: 'text', content: 'Earlier answer.' }]);
  await sendMessage(page, 'an earlier question');
  await waitForIdle(page);
  await newSessionWithBreakpoints(page, async (g) => {
    await expect(g.getByRole('checkbox', { name: 'Before tool calls' })).not.toBeChecked();
    await g.getByRole('checkbox', { name: 'Before tool calls' }).check();
    await g.getByRole('combobox', { name: 'Tool' }).selectOption('js_eval');
  });

  mock.script([evalCall('call_a', '6 * 7'), { kind: 'text', content: 'It is 48.' }]);
  await sendMessage(page, 'what is six times seven?');
  const paused = page.getByRole('group', { name: 'Paused before js_eval' });
  await expect(paused).toBeVisible();
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'paused');
  const sent = mock.requests.length;

  await paused.getByRole('button', { name: 'Edit arguments' }).click();
  const args = paused.getByRole('textbox', { name: 'Arguments' });
  await expect(args).toHaveValue(/"expression": "6 \* 7"/);
  await args.fill('{"expression": ');
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(paused.getByRole('alert')).toContainText('The arguments are not valid JSON');
  await args.fill('{"expression": 48}');
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(paused.getByRole('alert')).toContainText('do not match the schema of js_eval');
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'paused');
  expect(mock.requests.length).toBe(sent);
  await expectNoAxeViolations(page, 'paused before a tool', [
    { scheme: 'light', width: 1280 },
    { scheme: 'light', width: 390 },
  ]);

  await args.fill('{"expression": "6 * 8"}');
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('It is 48.');

  // The next request carried the edited call and its result.
  const last = mock.requests.at(-1)!;
  const messages = last.body.messages ?? [];
  const call = messages.find((m) => m.role === 'assistant') as { tool_calls: { function: { arguments: string } }[] };
  expect(JSON.parse(call.tool_calls[0]!.function.arguments)).toEqual({ expression: '6 * 8' });
  expect(String(messages.find((m) => m.role === 'tool')?.content)).toContain('48');
  expect(historyProblems(wireHistory(last))).toEqual([]);

  // Marked edited in the chat and on its timeline bar; the call as the model made it is the other branch.
  await expect(toolCard(page, 'call_a_edited')).toContainText('edited');
  const nav = page.getByRole('group', { name: 'Branches here' });
  await expect(nav).toContainText('2 / 2');
  await nav.getByRole('button', { name: 'Previous branch' }).click();
  await expect(nav).toContainText('1 / 2');
  await expect(toolCard(page, 'call_a')).toContainText('6 * 7');
  await expect(toolCard(page, 'call_a')).toContainText('cancelled');
  await nav.getByRole('button', { name: 'Next branch' }).click();
  await expect(nav).toContainText('2 / 2');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-kind="call"][data-call-id="call_a_edited"]')).toHaveAttribute('data-edited', 'true');

  // The breakpoints survive a reload and go out in the export, with the edit beside the original.
  await page.reload();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await expect(
    page.getByRole('group', { name: 'Breakpoints' }).getByRole('checkbox', { name: 'Before tool calls' }),
  ).toBeChecked();
  const { text } = await exportVia(page, 'This session');
  const file = JSON.parse(text) as {
    sessions: { session: { breakpoints?: unknown }; messages: { role: string; edits?: unknown[] }[] }[];
  };
  const entry = file.sessions[0]!;
  expect(entry.session.breakpoints).toEqual({
    beforeRequest: false,
    beforeTool: true,
    afterTool: false,
    tool: 'js_eval',
  });
  expect(entry.messages.flatMap((m) => m.edits ?? [])).toEqual([
    { kind: 'arguments', callId: 'call_a_edited', original: '{"expression":"6 * 7"}' },
  ]);
});

test('Edit request before the first request sends exactly the edited messages; Step pauses at the next call; Stop leaves a valid history', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await newSessionWithBreakpoints(page, async (g) => {
    await g.getByRole('checkbox', { name: 'Before each model request' }).check();
  });
  mock.script([evalCall('call_s', '1 + 1')]);
  await sendMessage(page, 'the question as typed');
  const beforeRequest = page.getByRole('group', { name: 'Paused before model request' });
  await expect(beforeRequest).toBeVisible();
  expect(mock.requests.length).toBe(0);
  await beforeRequest.getByRole('button', { name: 'Edit request' }).click();
  const body = beforeRequest.getByRole('textbox', { name: 'Request' });
  const original = JSON.parse(await body.inputValue()) as {
    model: string;
    messages: { role: string; content: string }[];
  };
  expect(original.messages.at(-1)).toEqual({ role: 'user', content: 'the question as typed' });
  await body.fill('{"model": "mock-gpt", "messages": "nope"}');
  await beforeRequest.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(beforeRequest.getByRole('alert')).toContainText('needs a "messages" list');
  expect(mock.requests.length).toBe(0);
  await expectNoAxeViolations(page, 'paused before a request', [
    { scheme: 'light', width: 1280 },
    { scheme: 'light', width: 390 },
  ]);
  const edited = {
    ...original,
    messages: [...original.messages.slice(0, -1), { role: 'user', content: 'the question as edited' }],
  };
  await body.fill(JSON.stringify(edited));
  await beforeRequest.getByRole('button', { name: 'Step', exact: true }).click();

  // Step: the very next call pauses, though no tool breakpoint is set.
  const beforeCall = page.getByRole('group', { name: 'Paused before js_eval' });
  await expect(beforeCall).toBeVisible();
  expect(mock.requests).toHaveLength(1);
  expect(mock.requests[0]!.body.messages).toEqual(edited.messages);
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'paused');

  // Stop from the pause: the run ends, the call answered as cancelled, and a follow-up is answered.
  await beforeCall.getByRole('button', { name: 'Stop', exact: true }).click();
  await waitForIdle(page);
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'ended');
  await expect(toolCard(page, 'call_s').locator('.status')).toHaveText('cancelled');
  await expect(
    page.getByRole('article', { name: 'Assistant message' }).first().getByText('edited', { exact: true }),
  ).toBeVisible();
  // The group stays open where it was opened; a change applies to the next run at once.
  await expect(page.getByRole('button', { name: 'Breakpoints', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await page
    .getByRole('group', { name: 'Breakpoints' })
    .getByRole('checkbox', { name: 'Before each model request' })
    .uncheck();
  mock.script([{ kind: 'text', content: 'Follow-up answered.' }]);
  await sendMessage(page, 'and now?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Follow-up answered.');
  expect(historyProblems(wireHistory(mock.requests.at(-1)!))).toEqual([]);
});

test('after a tool: Edit result changes what the model reads; "Only when arguments match" picks the call', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await newSessionWithBreakpoints(page, async (g) => {
    await g.getByRole('checkbox', { name: 'After tool calls' }).check();
    const schema = g.getByRole('textbox', { name: 'Only when arguments match (JSON Schema)' });
    await schema.fill('{"properties": {"expression": {"pattern": "^2"');
    await expect(g.getByRole('alert')).toContainText('not valid JSON');
    await schema.fill('{"type": "object", "properties": {"expression": {"type": "string", "pattern": "^2"}}}');
    await expect(g.getByRole('alert')).toHaveCount(0);
  });
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_1', name: 'js_eval', arguments: { expression: '1 + 1' } },
        { id: 'call_2', name: 'js_eval', arguments: { expression: '2 + 2' } },
      ],
    },
    { kind: 'text', content: 'Read both.' },
  ]);
  await sendMessage(page, 'two sums');
  // Only the call whose arguments match stops.
  const after = page.getByRole('group', { name: 'Paused after js_eval' });
  await expect(after).toBeVisible();
  await expect(after).toContainText('4');
  await after.getByRole('button', { name: 'Edit result' }).click();
  const result = after.getByRole('textbox', { name: 'Tool result' });
  await expect(result).toHaveValue('4');
  await result.fill('five, by hand');
  await after.getByRole('button', { name: 'Continue', exact: true }).click();
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Read both.');
  const sent = mock.requests.at(-1)!.body.messages ?? [];
  expect(sent.filter((m) => m.role === 'tool').map((m) => String(m.content))).toEqual(['2', 'five, by hand']);
  await expect(toolCard(page, 'call_2')).toContainText('edited');
  await expect(toolCard(page, 'call_1')).not.toContainText('edited');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-kind="call"][data-call-id="call_2"]')).toHaveAttribute('data-edited', 'true');
  await expect(page.locator('[data-kind="call"][data-call-id="call_1"]')).not.toHaveAttribute('data-edited', /.*/);
});

test('a reload while paused shows the pause again: Continue resumes with the edit, Stop leaves a valid history', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await newSessionWithBreakpoints(page, async (g) => {
    await g.getByRole('checkbox', { name: 'Before tool calls' }).check();
  });
  mock.script([evalCall('call_r', '2 * 2'), { kind: 'text', content: 'Resumed and answered.' }]);
  await sendMessage(page, 'compute after a reload');
  const paused = page.getByRole('group', { name: 'Paused before js_eval' });
  await expect(paused).toBeVisible();
  const sent = mock.requests.length;

  await page.reload();
  await expect(paused).toBeVisible();
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'paused');
  await paused.getByRole('button', { name: 'Edit arguments' }).click();
  await paused.getByRole('textbox', { name: 'Arguments' }).fill('{"expression": 7}');
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(paused.getByRole('alert')).toContainText('do not match the schema of js_eval');
  expect(mock.requests.length).toBe(sent);
  await paused.getByRole('textbox', { name: 'Arguments' }).fill('{"expression": "2 * 21"}');
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(assistantMessages(page).last()).toContainText('Resumed and answered.');
  await waitForIdle(page);
  const messages = mock.requests.at(-1)!.body.messages ?? [];
  expect(String(messages.find((m) => m.role === 'tool')?.content)).toContain('42');
  expect(historyProblems(wireHistory(mock.requests.at(-1)!))).toEqual([]);
  await expect(page.getByRole('group', { name: 'Branches here' })).toContainText('2 / 2');

  // Paused before a request, reloaded, stopped: the session takes a new message with a valid history.
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  const group = page.getByRole('group', { name: 'Breakpoints' });
  await group.getByRole('checkbox', { name: 'Before tool calls' }).uncheck();
  await group.getByRole('checkbox', { name: 'Before each model request' }).check();
  await sendMessage(page, 'this one waits');
  const beforeRequest = page.getByRole('group', { name: 'Paused before model request' });
  await expect(beforeRequest).toBeVisible();
  await page.reload();
  await expect(beforeRequest).toBeVisible();
  const before = mock.requests.length;
  await beforeRequest.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(beforeRequest).toHaveCount(0);
  await expect(page.locator('section.chat')).not.toHaveAttribute('data-run-state', 'paused');
  expect(mock.requests.length).toBe(before);
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await page
    .getByRole('group', { name: 'Breakpoints' })
    .getByRole('checkbox', { name: 'Before each model request' })
    .uncheck();
  mock.script([{ kind: 'text', content: 'After the stop.' }]);
  await sendMessage(page, 'still there?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('After the stop.');
  expect(historyProblems(wireHistory(mock.requests.at(-1)!))).toEqual([]);
});
