/**
 * One agent run in which the model (the mock server) calls a code tool, an HTTP tool served by the mock server,
 * and an approval-gated tool; every tool is created through the Tools view, and the results reach the model.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { createCodeTool, createHttpTool, openToolsTab } from './support/tools-tab';

/** Breaks the URL unless encoded: '&' and '#' are URL syntax, the space and 'ã' must be percent-encoded. */
const CITY = 'Rock & Roll #1 São Paulo';

test('the model calls a code tool, an HTTP tool and an approval-gated tool in one run', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'add_numbers',
    code: 'console.log("adding"); return { sum: args.a + args.b };',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  });
  await createHttpTool(page, {
    name: 'get_weather',
    urlTemplate: `${mock.origin}/tools/weather?city={city}`,
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  });
  await createCodeTool(page, {
    name: 'archive_note',
    code: 'return "archived " + args.title;',
    parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    needsApproval: true,
  });

  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_add', name: 'add_numbers', arguments: { a: 19, b: 23 } },
        { id: 'call_weather', name: 'get_weather', arguments: { city: CITY } },
        { id: 'call_archive', name: 'archive_note', arguments: { title: 'groceries' } },
      ],
    },
    { kind: 'text', content: 'All three tools ran.' },
  ]);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await sendMessage(page, 'use your tools');

  const approval = page.getByRole('group', { name: 'Approve archive_note?' });
  await expect(approval).toBeVisible({ timeout: 20_000 });
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(assistantMessages(page).last()).toContainText('All three tools ran.', { timeout: 20_000 });
  await waitForIdle(page);

  const second = await mock.waitForRequest(1);
  const offered = (mock.requests[0]?.body.tools ?? []).map((t) => t.function?.name);
  expect(offered).toEqual(expect.arrayContaining(['add_numbers', 'get_weather', 'archive_note']));
  const toolResults = new Map(
    (second.body.messages ?? []).filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
  expect(toolResults.get('call_add')).toBe('{"sum":42}');
  expect(JSON.parse(toolResults.get('call_weather') ?? '{}')).toMatchObject({ city: CITY });
  expect(toolResults.get('call_archive')).toBe('archived groceries');
  // The HTTP tool really reached the test server, with the argument URL-encoded: unencoded, '&' would start a new
  // parameter and '#' would cut the URL, so the server would see city "Rock " and a stray " Roll " key.
  const weather = mock.allRequests.filter((r) => r.path === '/tools/weather');
  expect(weather.map((r) => r.query)).toEqual([{ city: CITY }]);
});
