/**
 * MCP Tasks end to end against a real tasks-extension server on 127.0.0.1 (e2e/mcp-servers/tasks-server.ts): a
 * call answered with a task is a lane under its tool card and on the timeline, polled at the server's interval
 * (short here), its input asked through the same form as elicitation, and its result given to the model as the
 * tool result; "Cancel task" sends tasks/cancel and the lane says cancelled; a reload brings the lane back,
 * polling resumes, and the result that arrives then is what the model reads with the next request. (Stop cancelling the task is a unit test: src/store/mcp/tasks/task-follow.test.ts.)
 */
import { startTasksMcpServer, type TasksMcpServer } from './mcp-servers/tasks-server';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { addMcpServer } from './support/mcp-tools-tab';

let server: TasksMcpServer;

test.beforeEach(async () => {
  server = await startTasksMcpServer({ pollIntervalMs: 250 });
});

test.afterEach(async () => {
  await server.close();
});

const lane = (page: import('@playwright/test').Page, callId: string, tool: string) =>
  toolCard(page, callId).getByRole('group', { name: new RegExp(`^Task of ${tool}: `) });
const toolMessage = (body: unknown, callId: string) =>
  ((body as { messages?: Array<{ role: string; tool_call_id?: string; content?: unknown }> }).messages ?? []).find(
    (m) => m.role === 'tool' && m.tool_call_id === callId,
  )?.content;

test('tasks run as lanes: polled to a result, input through the form, a failure told, results given to the model', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: server.url, name: 'jobs' }, '2026-07-28');
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_count', name: 'jobs__count_slowly', arguments: { steps: 3 } },
        { id: 'call_doom', name: 'jobs__doomed_job', arguments: {} },
      ],
    },
    { kind: 'tool_calls', calls: [{ id: 'call_ask', name: 'jobs__ask_name', arguments: {} }] },
    { kind: 'text', content: 'All tasks done.' },
  ]);
  await sendMessage(page, 'run the jobs');

  await expect(lane(page, 'call_count', 'count_slowly')).toHaveAccessibleName('Task of count_slowly: completed', {
    timeout: 20_000,
  });
  await expect(lane(page, 'call_count', 'count_slowly').getByLabel('Task outcome')).toHaveText('Counted to 3.');
  await expect(lane(page, 'call_doom', 'doomed_job')).toHaveAccessibleName('Task of doomed_job: failed');
  await expect(lane(page, 'call_doom', 'doomed_job').getByLabel('Task outcome')).toHaveText(
    'Error: the task failed: The job ran out of disk space',
  );

  // The task asks for input: the same form as elicitation, answered with tasks/update.
  await expect(lane(page, 'call_ask', 'ask_name')).toHaveAccessibleName('Task of ask_name: needs your input', {
    timeout: 20_000,
  });
  const form = page.getByRole('form', { name: /asks for input$/ });
  await expect(form).toContainText('What name should the task greet?');
  await form.getByRole('textbox', { name: /^Name/ }).fill('Ada');
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(lane(page, 'call_ask', 'ask_name')).toHaveAccessibleName('Task of ask_name: completed');
  await expect(assistantMessages(page).last()).toContainText('All tasks done.', { timeout: 20_000 });
  await waitForIdle(page);

  // The model read each task's end as the tool result.
  const second = mock.requests[1]?.body;
  expect(toolMessage(second, 'call_count')).toContain('Counted to 3.');
  expect(toolMessage(second, 'call_doom')).toContain('The job ran out of disk space');
  expect(toolMessage(mock.requests[2]?.body, 'call_ask')).toContain('Hello, Ada!');
  // The extension's requests: declared per request, Mcp-Name is the task id on tasks/*.
  const calls = server.recorder.requests.filter((r) => r.headers['mcp-method'] === 'tools/call');
  expect(calls.length).toBe(3);
  expect(calls.every((r) => r.body.includes('"io.modelcontextprotocol/tasks":{}'))).toBe(true);
  const gets = server.recorder.requests.filter((r) => r.headers['mcp-method'] === 'tasks/get');
  expect(gets.length).toBeGreaterThanOrEqual(3);
  expect(
    gets.every(
      (r) => server.tasks.has(String(r.headers['mcp-name'])) && r.body.includes(String(r.headers['mcp-name'])),
    ),
  ).toBe(true);
  expect(
    server.recorder.requests.some((r) => r.headers['mcp-method'] === 'tasks/update' && r.body.includes('Ada')),
  ).toBe(true);

  // The timeline lists the session's tasks without opening details.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByRole('group')).toHaveCount(3);
  await expect(tasks.getByRole('group', { name: 'Task of doomed_job: failed' })).toBeVisible();
  // On the chart each task is a row right under its call, one level deeper, coloured by how it ended.
  const rows = page.locator('.tl-chart [data-row-kind]');
  await expect(page.locator('[data-row-kind="task"]')).toHaveCount(3);
  const order = await rows.evaluateAll((els) =>
    els.map((el) => [
      el.getAttribute('data-row-kind'),
      el.querySelector('[data-bar-id]')?.getAttribute('data-call-id'),
    ]),
  );
  for (const id of ['call_count', 'call_doom', 'call_ask']) {
    const at = order.findIndex(([kind, call]) => kind === 'call' && call === id);
    expect(order[at + 1]).toEqual(['task', id]);
  }
  await expect(page.locator('[data-kind="task"][data-call-id="call_doom"]')).toHaveAttribute('data-outcome', 'error');
  await expect(page.locator('[data-kind="task"][data-call-id="call_count"]')).toHaveAttribute('data-outcome', 'ok');
});

test('Cancel task sends tasks/cancel and the model is told; after a reload a running lane comes back and polling resumes', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: server.url, name: 'jobs' }, '2026-07-28');
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_long', name: 'jobs__long_job', arguments: {} }] },
    { kind: 'text', content: 'Cancelled, as asked.' },
  ]);
  await sendMessage(page, 'start the long job');
  const first = lane(page, 'call_long', 'long_job');
  await expect(first).toHaveAccessibleName('Task of long_job: working', { timeout: 20_000 });
  await expect(first.getByLabel('Task message')).toContainText('still working');
  await first.getByRole('button', { name: 'Cancel task', exact: true }).click();
  await expect(first).toHaveAccessibleName('Task of long_job: cancelled');
  await expect(assistantMessages(page).last()).toContainText('Cancelled, as asked.', { timeout: 20_000 });
  await waitForIdle(page);
  expect(toolMessage(mock.requests[1]?.body, 'call_long')).toContain('The task was cancelled');
  const [firstTask] = [...server.tasks.values()];
  expect(firstTask?.status).toBe('cancelled');
  expect(
    server.recorder.requests
      .filter((r) => r.headers['mcp-method'] === 'tasks/cancel')
      .map((r) => r.headers['mcp-name']),
  ).toEqual([firstTask?.taskId]);

  // A task that outlives the page: the reload ends the run, the stored lane comes back and is polled again.
  mock.script([{ kind: 'tool_calls', calls: [{ id: 'call_keep', name: 'jobs__long_job', arguments: {} }] }]);
  await sendMessage(page, 'start a job that outlives the page');
  await expect(lane(page, 'call_keep', 'long_job')).toHaveAccessibleName('Task of long_job: working', {
    timeout: 20_000,
  });
  await page.reload();
  const back = lane(page, 'call_keep', 'long_job');
  await expect(back).toHaveAccessibleName('Task of long_job: working', { timeout: 20_000 });
  const polls = () => server.recorder.requests.filter((r) => r.headers['mcp-method'] === 'tasks/get').length;
  const pollsBefore = polls();
  await expect.poll(polls, { timeout: 20_000 }).toBeGreaterThan(pollsBefore);
  server.finishLongJobs();
  await expect(back).toHaveAccessibleName('Task of long_job: completed', { timeout: 20_000 });
  await expect(back.getByLabel('Task outcome')).toHaveText('Long job done.');

  // The run that made the call ended with the reload; the late result goes with the next request, in place of the
  // interrupted one, when the person continues.
  const requestsBefore = mock.requests.length;
  mock.script([{ kind: 'text', content: 'The long job is done.' }]);
  await back.getByRole('button', { name: 'Continue with task result', exact: true }).click();
  await expect(assistantMessages(page).last()).toContainText('The long job is done.', { timeout: 20_000 });
  await waitForIdle(page);
  expect(mock.requests.length).toBe(requestsBefore + 1);
  expect(toolMessage(mock.requests[requestsBefore]?.body, 'call_keep')).toBe('Long job done.');
  await expect(back.getByRole('button', { name: 'Continue with task result', exact: true })).toHaveCount(0);
});
