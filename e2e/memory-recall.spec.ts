import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle, expandToolCard } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { newSession } from './support/session-list';
import { systemText } from './support/sent-requests';
import type { ChatRequest, StaticStep } from './server/mock-server';

const hasToolResult = (req: ChatRequest) => (req.body.messages ?? []).some((m) => m.role === 'tool');

test('a memory the model saves with its remember tool in one session is recalled by embeddings in another', async ({
  page,
  mock,
}) => {
  mock.configure({
    defaultStep: (req): StaticStep => {
      const user = [...(req.body.messages ?? [])].reverse().find((m) => m.role === 'user');
      if (String(user?.content).includes('teal') && !hasToolResult(req)) {
        return {
          kind: 'tool_calls',
          calls: [{ id: 'call_mem', name: 'remember', arguments: { text: 'Favourite colour: teal' } }],
        };
      }
      return { kind: 'text', content: hasToolResult(req) ? 'Noted.' : 'Hello again.' };
    },
  });
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'My favourite colour is teal, please remember that.');
  await expect(assistantMessages(page).last()).toContainText('Noted.');
  await waitForIdle(page);
  // The model was offered the tool, and the call's result says it was saved.
  expect(mock.requests[0]?.body.tools?.map((t) => t.function?.name)).toContain('remember');
  expect(JSON.stringify(mock.requests[1]?.body.messages)).toContain('\\"saved\\":true');

  // A tool result can be remembered too, named by its tool, from the call's actions.
  const call = page.getByRole('group', { name: 'Tool call remember' });
  await expandToolCard(call);
  await call.getByRole('button', { name: 'More call actions' }).click();
  const callActions = call.getByRole('group', { name: 'Call actions' });
  await callActions.getByRole('button', { name: 'Remember result of remember' }).click();
  await expect(callActions.getByRole('button', { name: 'Remembered' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Memories' }).click();
  await expect(page.getByRole('heading', { name: 'Memories' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved memories' })).toContainText('remember result: {"saved":true');
  const saved = page.getByRole('list', { name: 'Saved memories' });
  await expect(saved).toContainText('Favourite colour: teal');
  // A memory sharing one word with the coming question: keyword matching would pick it, the similarity threshold must not.
  await page.getByRole('textbox', { name: 'New memory' }).fill('Car colour: blue');
  await page.getByRole('button', { name: 'Add memory' }).click();
  await expect(saved.getByRole('listitem', { name: 'Car colour: blue', exact: true })).toContainText('no vector yet');
  await expect(saved.getByRole('listitem', { name: 'Favourite colour: teal', exact: true })).toContainText(
    'no vector yet',
  );

  await page.getByRole('tab', { name: 'Chat' }).click();
  await newSession(page);
  const before = mock.requests.length;
  await sendMessage(page, 'What is my favourite colour?');
  await expect(assistantMessages(page).last()).toContainText('Hello again.');
  const req = mock.requests[before]!;
  const system = systemText(req);
  expect(system).toContain('## Recalled memories\n- Favourite colour: teal');
  expect(system).not.toContain('Car colour');
  // Layers in order: base, tools, workspace, then memories.
  expect(system.indexOf('## Base prompt')).toBe(0);
  expect(system.indexOf('## Tools')).toBeLessThan(system.indexOf('## Workspace'));
  expect(system.indexOf('## Workspace')).toBeLessThan(system.indexOf('## Recalled memories'));
  expect(mock.allRequests.some((r) => r.path === '/v1/embeddings')).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'recalled by embedding similarity' })).toBeVisible();

  // What was sent for that turn, layer by layer.
  await page.getByText('What was sent').last().click();
  await expect(page.getByRole('region', { name: 'Recalled memories' })).toContainText('Favourite colour: teal');
  await expect(page.getByRole('region', { name: 'Workspace' })).toContainText('time zone');

  // Recall embedded both memories with the configured model and kept the vectors.
  await page.getByRole('tab', { name: 'Memories' }).click();
  for (const text of ['Favourite colour: teal', 'Car colour: blue']) {
    await expect(saved.getByRole('listitem', { name: text, exact: true })).toContainText(
      'vector from text-embedding-3-small',
    );
  }
});

test('the Remember button saves a message; without embeddings recall falls back to keywords and says so', async ({
  page,
  mock,
}) => {
  mock.configure({ defaultStep: { kind: 'text', content: 'Sure.' } });
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'The project deadline is the ninth of March.');
  await expect(assistantMessages(page).last()).toContainText('Sure.');
  await waitForIdle(page);
  await page.getByRole('article', { name: 'Your message' }).getByRole('button', { name: 'Remember' }).click();
  await expect(page.getByRole('button', { name: 'Remembered' })).toBeVisible();

  await page.getByRole('tab', { name: 'Memories' }).click();
  await expect(page.getByRole('list', { name: 'Saved memories' })).toContainText(
    'The project deadline is the ninth of March.',
  );
  // Edit it, then turn embeddings off.
  await page.getByRole('button', { name: 'Edit memory: The project deadline is the ninth of March.' }).click();
  await page.getByRole('textbox', { name: 'Memory text' }).fill('The project deadline is the tenth of March.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Saved memories' })).toContainText('tenth of March');
  const field = page.getByRole('textbox', { name: 'Embedding model' });
  await expect(field).toHaveValue('text-embedding-3-small');
  await field.fill('');
  await field.blur();

  await page.getByRole('tab', { name: 'Chat' }).click();
  await newSession(page);
  const before = mock.requests.length;
  await sendMessage(page, 'When is the project deadline?');
  await expect(assistantMessages(page).last()).toContainText('Sure.');
  expect(systemText(mock.requests[before])).toContain('- The project deadline is the tenth of March.');
  expect(mock.allRequests.some((r) => r.path === '/v1/embeddings')).toBe(false);
  await expect(page.getByRole('status').filter({ hasText: 'recalled by keyword matching' })).toContainText(
    'No embeddings endpoint is configured',
  );

  // Deleting it means the next run recalls nothing.
  await page.getByRole('tab', { name: 'Memories' }).click();
  await page.getByRole('button', { name: 'Delete memory: The project deadline is the tenth of March.' }).click();
  await expect(page.getByText('No memories yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();
  const beforeLast = mock.requests.length;
  await sendMessage(page, 'When is the project deadline again?');
  await expect(assistantMessages(page)).toHaveCount(2);
  expect(systemText(mock.requests[beforeLast])).not.toContain('tenth of March');
});
