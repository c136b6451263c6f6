/**
 * A model turn's timeline details and its message (docs/accessible-names.md, "Step actions"): "Show in chat" on a
 * turn whose message sits on another branch brings that branch into the chat, and the details offer the same step
 * actions as the message. Against the project's mock server, through a real socket.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle, waitForNewRun } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const details = (page: Page) => page.getByRole('complementary', { name: 'Details' });

test('"Show in chat" on a run left on another branch by a re-run shows that branch and its message', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'Original answer.' }]);
  await sendMessage(page, 'Name a colour');
  await waitForIdle(page);

  // Re-run from here: the re-run's answer is the branch shown, the original one the other branch.
  mock.script([{ kind: 'text', content: 'Re-run answer.' }]);
  const before = await page.locator('section.chat').getAttribute('data-run-id');
  await assistantMessages(page).last().getByRole('button', { name: 'Re-run from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-run from here' });
  await dialog.getByRole('button', { name: 'Re-run' }).click();
  await waitForNewRun(page, before);
  const nav = page.getByRole('group', { name: 'Branches here' });
  await expect(nav).toContainText('2 / 2');
  await expect(page.getByText('Original answer.')).toHaveCount(0);

  // The original run's model turn, shown on the timeline with the runs of all branches.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('checkbox', { name: /^Show runs of all branches/ }).check();
  // The runs of all branches are read anew: until they are drawn, run 0 is the re-run (the only run on the path).
  await expect(page.locator('[data-kind="request"]')).toHaveCount(2);
  await page.locator('[data-kind="request"][data-run="0"]').click();
  await expect(details(page).getByRole('heading', { name: /model request/ })).toBeVisible();
  await details(page).getByRole('button', { name: 'Show in chat' }).click();

  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(nav).toContainText('1 / 2');
  const original = assistantMessages(page).filter({ hasText: 'Original answer.' });
  await expect(original).toBeInViewport();
  await expect(page.locator('[data-highlight="true"]').locator(original)).toHaveCount(1);
  await expect(page.getByText('Re-run answer.')).toHaveCount(0);
});

test("a recorded model turn's details offer its message's step actions, and Try on other models runs from there", async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.configure({ models: ['mock-gpt', 'model-a'], strictModels: true });
  mock.script([{ kind: 'text', content: 'Original answer.' }]);
  await sendMessage(page, 'Name a colour');
  await waitForIdle(page);
  const step = ['Re-run from here', 'Try on other models', 'Save as test case', 'Request and response'];
  const inMessage = await assistantMessages(page)
    .last()
    .getByRole('group', { name: 'Message actions' })
    .getByRole('button')
    .allTextContents();
  expect(inMessage.filter((label) => step.includes(label))).toEqual(step);

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator('[data-kind="request"]').first().click();
  const panel = details(page);
  await expect(panel.getByRole('button', { name: 'Try on other models' })).toBeVisible();
  expect(await panel.locator('button[data-action]').allTextContents()).toEqual(step);

  mock.script([{ kind: 'text', content: 'Answer from model A.' }]);
  await panel.getByRole('button', { name: 'Try on other models' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try on other models' });
  await dialog.getByRole('textbox', { name: 'Models' }).fill('model-a');
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => mock.requests.map((r) => r.body.model)).toEqual(['mock-gpt', 'model-a']);
  const { model: _a, ...original } = mock.requests[0]!.body;
  const { model: _b, ...tried } = mock.requests[1]!.body;
  expect(tried).toEqual(original);

  // The comparison is the message's: the chat shows it under the step's answer.
  await page.getByRole('tab', { name: 'Chat' }).click();
  const region = page.getByRole('region', { name: 'Model comparison' });
  await expect(region.getByRole('group', { name: 'model-a', exact: true })).toContainText('Answer from model A.');
});
