/** A file of OpenAI (Chat Completions) messages imports through the Import dialog as a new session. */
import { expect, test } from './fixtures';
import { assistantMessages } from './support/chat-run';
import { openApp } from './support/configured-app';
import { dbSnapshot, readStores } from './support/stored-rows';
import { confirmImport, importDialog, pickFile } from './support/import-export';

const conversation = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather in Oslo?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_oslo', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_oslo', content: '{"temp":-3}' },
    { role: 'assistant', content: 'Oslo is cold: -3 °C.' },
  ],
};

test('an OpenAI messages file becomes a new session with its prompt, tool call and answer', async ({ page }) => {
  await openApp(page);
  await pickFile(page, 'chat.json', JSON.stringify(conversation));
  await expect(importDialog(page)).toContainText('Weather in Oslo?');
  await confirmImport(page, /Imported 1 session/);

  const item = page.locator('nav[aria-label="Sessions"] li').filter({ hasText: 'Weather in Oslo?' });
  await item.getByRole('button', { name: /^Weather in Oslo\?/ }).click();
  await expect(assistantMessages(page).last()).toContainText('Oslo is cold: -3 °C.');
  await expect(page.locator('.tool-card[data-call-id="call_oslo"]')).toHaveCount(1);
  const stored = await readStores(page, ['sessions', 'messages']);
  const session = stored.sessions?.[0] as { model: string; settings: { systemPrompt?: string }; messageCount: number };
  expect(session).toMatchObject({ model: 'gpt-4o-mini', settings: { systemPrompt: 'Be brief.' }, messageCount: 4 });
  expect(stored.messages).toHaveLength(4);
});

test('a bad OpenAI messages file says what is wrong and writes nothing', async ({ page }) => {
  await openApp(page);
  const before = await dbSnapshot(page);
  const bad = {
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f' } }] },
    ],
  };
  await pickFile(page, 'bad.json', JSON.stringify(bad));
  const alert = importDialog(page).getByRole('alert');
  await expect(alert).toContainText('Nothing was imported.');
  await expect(alert).toContainText('OpenAI (Chat Completions) messages');
  await expect(alert).toContainText('$.messages[1].tool_calls[0].function.arguments');
  await importDialog(page).getByRole('button', { name: 'Close' }).click();
  expect(await dbSnapshot(page)).toEqual(before);
});
