import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const chat = (page: Page) => page.locator('section.chat');

test('try a step on three models at once (one fails), keep the comparison across a reload, and continue with one as a branch', async ({ page, mock }) => {
  await openConfiguredApp(page, mock, { remember: true });
  mock.configure({ models: ['mock-gpt', 'model-a', 'model-b'], strictModels: true });
  mock.script([{ kind: 'text', content: 'Original answer.' }]);
  await sendMessage(page, 'Name a colour');
  await waitForIdle(page);
  expect(mock.requests).toHaveLength(1);

  mock.script([{ kind: 'text', content: 'Answer one.' }, { kind: 'text', content: 'Answer two.' }]);
  await page.getByRole('button', { name: 'Try on other models' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try on other models' });
  // A bad line is refused before anything is sent.
  await dialog.getByRole('textbox', { name: 'Models' }).fill('model-a\nmodel-b @ not-a-url');
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Line 2:');
  expect(mock.requests).toHaveLength(1);
  await dialog.getByRole('textbox', { name: 'Models' }).fill('model-a\nmodel-b\nmodel-missing');
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(dialog).toBeHidden();

  const region = page.getByRole('region', { name: 'Model comparison' });
  // Stored once all three are in: the streaming groups give way to the stored answers.
  await expect(region.locator('[data-outcome]')).toHaveCount(3);
  await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(region.getByRole('group', { name: 'model-missing', exact: true })).toHaveAttribute('data-outcome', 'failed');
  await expect(region.getByRole('group', { name: 'model-missing', exact: true })).toContainText('does not exist');
  await expect(region.getByRole('group', { name: 'model-a', exact: true })).toContainText('Time to first token');

  // One request each, no retry on the 404, the original body with only `model` changed.
  expect(mock.requests).toHaveLength(4);
  const fanned = mock.requests.slice(1);
  expect(fanned.map((r) => r.body.model).sort()).toEqual(['model-a', 'model-b', 'model-missing']);
  const { model: _m, ...original } = mock.requests[0]!.body;
  for (const r of fanned) {
    const { model: _x, ...rest } = r.body;
    expect(rest).toEqual(original);
  }
  const texts = await region.getByRole('group', { name: /^model-(a|b)$/ }).allTextContents();
  expect(texts.join(' ')).toContain('Answer one.');
  expect(texts.join(' ')).toContain('Answer two.');
  // Nothing joined the conversation.
  await expect(assistantMessages(page)).toHaveCount(1);

  await page.reload();
  const after = page.getByRole('region', { name: 'Model comparison' });
  await expect(after.getByRole('group', { name: 'model-missing', exact: true })).toHaveAttribute('data-outcome', 'failed');
  await expect(after.getByRole('group', { name: 'model-b', exact: true })).toBeVisible();

  // Continue with a model: a new branch of the step that goes on live with it.
  const before = await chat(page).getAttribute('data-run-id');
  mock.script([{ kind: 'text', content: 'Continued on model-b.' }]);
  await after.getByRole('button', { name: 'Continue with model-b' }).click();
  await expect.poll(async () => {
    const id = await chat(page).getAttribute('data-run-id');
    return id !== null && id !== before ? await chat(page).getAttribute('data-run-state') : 'not started';
  }).toBe('ended');
  await expect(assistantMessages(page).last()).toContainText('Continued on model-b.');
  expect(mock.requests.at(-1)?.body.model).toBe('model-b');
  await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();
});
