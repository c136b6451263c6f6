import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle, waitForNewRun } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { conversation, requestText } from './support/sent-requests';
import { configureSettings, openConfiguredApp } from './support/configured-app';
import { historyProblems, wireHistory } from './support/history-check';
import { confirmImport, exportVia, importDialog, pickFile } from './support/import-export';
import { currentSessionId } from './support/session-list';

const userMessages = (page: Page) => page.getByRole('article', { name: 'Your message' });
const chat = (page: Page) => page.locator('section.chat');

test('edit and resend inside a tool-using conversation sends only the new path; the old branch stays and can be shown again', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } }] },
    { kind: 'text', content: 'Sunny in Paris.' },
    { kind: 'text', content: 'Rain tomorrow.' },
    { kind: 'text', content: 'Clouds the day after.' },
  ]);
  await sendMessage(page, 'Weather in Paris?');
  await waitForIdle(page);
  await sendMessage(page, 'And tomorrow?');
  await expect(assistantMessages(page).last()).toContainText('Rain tomorrow.');
  await waitForIdle(page);

  // Cancel leaves everything as it was: no request, same messages.
  const second = userMessages(page).nth(1);
  await page.getByRole('button', { name: 'Edit' }).nth(1).click();
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toHaveValue('And tomorrow?');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);
  expect(mock.requests).toHaveLength(3);
  await expect(second).toContainText('And tomorrow?');

  const before = await chat(page).getAttribute('data-run-id');
  await page.getByRole('button', { name: 'Edit' }).nth(1).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('And the day after?');
  await page.getByRole('button', { name: 'Send edit' }).click();
  await waitForNewRun(page, before);
  await expect(assistantMessages(page).last()).toContainText('Clouds the day after.');

  // What the server received: the edited text, only the active path, every tool result after its call.
  const sent = mock.requests[3]!;
  expect(conversation(sent).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
  expect(requestText(sent)).toContain('And the day after?');
  expect(requestText(sent)).not.toContain('And tomorrow?');
  expect(requestText(sent)).not.toContain('Rain tomorrow.');
  expect(historyProblems(wireHistory(sent))).toEqual([]);

  // The edited message has a sibling: the counter, alone in its element, and the old branch one click away.
  await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous branch' }).click();
  await expect(userMessages(page).nth(1)).toContainText('And tomorrow?');
  await expect(assistantMessages(page).last()).toContainText('Rain tomorrow.');
  await expect(page.getByText('1 / 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Clouds the day after.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next branch' }).click();
  await expect(assistantMessages(page).last()).toContainText('Clouds the day after.');

  // The next message continues the branch shown.
  mock.script([{ kind: 'text', content: 'Anything else?' }]);
  await sendMessage(page, 'Thanks');
  await waitForIdle(page);
  expect(requestText(mock.requests[4]!)).toContain('And the day after?');
  expect(requestText(mock.requests[4]!)).not.toContain('Rain tomorrow.');
});

test('regenerate runs the reply again from the same history as a new branch', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'text', content: 'First answer.' },
    { kind: 'text', content: 'Second answer.' },
  ]);
  await sendMessage(page, 'Tell me something');
  await waitForIdle(page);
  const before = await chat(page).getAttribute('data-run-id');
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await waitForNewRun(page, before);
  await expect(assistantMessages(page).last()).toContainText('Second answer.');
  expect(conversation(mock.requests[1])).toEqual(conversation(mock.requests[0]));
  await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous branch' }).click();
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(assistantMessages(page).first()).toContainText('First answer.');
});

test('fork a session at a reply, run the fork with another model, and go back by its link', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'text', content: 'Answer one.' },
    { kind: 'text', content: 'Answer two.' },
  ]);
  await sendMessage(page, 'Question one');
  await waitForIdle(page);
  await sendMessage(page, 'Question two');
  await waitForIdle(page);
  const source = await currentSessionId(page);

  // Rows go user, reply, user, reply: the second Fork button is the first reply's.
  await page.getByRole('button', { name: 'Fork' }).nth(1).click();
  await expect(page.getByRole('button', { name: /^Forked from / })).toBeVisible();
  expect(await currentSessionId(page)).not.toBe(source);
  await expect(userMessages(page)).toHaveCount(1);
  await expect(assistantMessages(page)).toContainText(['Answer one.']);

  await configureSettings(page, mock, { model: 'other-model' });
  mock.script([{ kind: 'text', content: 'Fork answer.' }]);
  await sendMessage(page, 'Question in the fork');
  await waitForIdle(page);
  const sent = mock.requests[2]!;
  expect(sent.body.model).toBe('other-model');
  expect(conversation(sent).map((m) => m.content)).toEqual(['Question one', 'Answer one.', 'Question in the fork']);

  await page.getByRole('button', { name: /^Forked from / }).click();
  expect(await currentSessionId(page)).toBe(source);
  await expect(assistantMessages(page).last()).toContainText('Answer two.');
});

test('branches go through export and import whole; the OpenAI-messages export writes the active path', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'text', content: 'Old reply.' },
    { kind: 'text', content: 'New reply.' },
  ]);
  await sendMessage(page, 'Hello there');
  await waitForIdle(page);
  const before = await chat(page).getAttribute('data-run-id');
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await waitForNewRun(page, before);
  await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();

  const openai = await exportVia(page, /OpenAI messages/);
  expect(openai.text).toContain('New reply.');
  expect(openai.text).not.toContain('Old reply.');

  const { text } = await exportVia(page, 'This session');
  const file = JSON.parse(text) as { sessions: Array<{ session: { branches?: unknown[]; activeBranchId?: string } }> };
  expect(file.sessions[0]?.session.branches).toHaveLength(1);

  await pickFile(page, 'branched.json', text);
  await expect(importDialog(page)).toContainText('The file is valid: 1 session');
  await confirmImport(page, /Imported 1 session/);
  await page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: /^Hello there/ })
    .last()
    .click();
  await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();
  await expect(assistantMessages(page).last()).toContainText('New reply.');
  await page.getByRole('button', { name: 'Previous branch' }).click();
  await expect(assistantMessages(page).last()).toContainText('Old reply.');
});
