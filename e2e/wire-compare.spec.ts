/**
 * docs/wire-capture.md, "Reading it back": a retried turn's "Request and response" (from its model turn's timeline
 * details and from its message) shows every attempt, the failed one with its status; "Compare requests" on a re-run
 * (another model, the message edited at a pause) names the changed model and the changed message, from the original
 * to the re-run; another session's dialog compares with this session's requests, listed under its title; each answer
 * of "Try on other models" has its own, compared with the step's and the other model's. Against the
 * project's mock server, through real sockets.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle, waitForNewRun } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { newSession } from './support/session-list';

const wireDialog = (page: Page) => page.getByRole('dialog', { name: 'Request and response' });

async function openFromMessage(page: Page, answer: Locator): Promise<Locator> {
  await answer.hover();
  await answer.getByRole('button', { name: 'Request and response' }).click();
  await expect(wireDialog(page)).toBeVisible();
  return wireDialog(page);
}

async function close(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Opens "Compare requests" and picks the option whose label holds `text` (within the optgroup `group` if given). */
async function compareWith(dialog: Locator, text: string, group?: string): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Compare requests' }).click();
  const region = dialog.getByRole('region', { name: 'Compare requests' });
  const select = region.getByRole('combobox', { name: 'Compare with' });
  const scope = group ? select.locator(`optgroup[label="${group}"]`) : select;
  const label = await scope.locator('option', { hasText: text }).first().textContent();
  await select.selectOption({ label: label ?? '' });
  return region;
}

const differences = (region: Locator) => region.getByRole('list', { name: 'Differences' }).getByRole('listitem');

test('a retried turn shows both attempts, the failed one with its status, from its timeline details and its message', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'http_error', status: 500, message: 'The server had a hiccup.' },
    { kind: 'text', content: 'Second time lucky.' },
  ]);
  await sendMessage(page, 'Try twice');
  await expect(assistantMessages(page).last()).toContainText('Second time lucky.');
  await waitForIdle(page);
  const sent = mock.allRequests.filter((r) => r.method === 'POST');
  expect(sent).toHaveLength(2);

  // From the model turn's timeline details: a step action like the message's.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator('[data-kind="request"]').first().click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await details.getByRole('button', { name: 'Request and response' }).click();
  let dialog = wireDialog(page);
  const first = dialog.getByRole('group', { name: 'Attempt 1 of 2' });
  const second = dialog.getByRole('group', { name: 'Attempt 2 of 2' });
  await expect(first.getByRole('region', { name: 'Response' })).toContainText('Status 500');
  await expect(first.getByRole('region', { name: 'Response' })).toContainText('The server had a hiccup.');
  await expect(second.getByRole('region', { name: 'Response' })).toContainText('Status 200');
  // Each attempt's body as the server received it, in the order it was sent.
  await expect(first.getByRole('textbox', { name: 'Request body' })).toHaveValue(sent[0]!.rawBody);
  await expect(second.getByRole('textbox', { name: 'Request body' })).toHaveValue(sent[1]!.rawBody);
  await close(dialog);

  // The same from the final reply's message.
  await page.getByRole('tab', { name: 'Chat' }).click();
  dialog = await openFromMessage(page, assistantMessages(page).last());
  await expect(dialog.getByRole('group', { name: /^Attempt \d of \d$/ })).toHaveCount(2);
  await expect(dialog.getByRole('group', { name: 'Attempt 1 of 2' })).toContainText('Status 500');
});

test('Compare requests on a re-run names the changed model and the changed message; another session compares with it', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'Original answer.' }]);
  await sendMessage(page, 'Name a colour');
  await waitForIdle(page);

  // Re-run the step on another model, its message edited at a pause before the request.
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await page
    .getByRole('group', { name: 'Breakpoints' })
    .getByRole('checkbox', { name: 'Before each model request' })
    .check();
  mock.script([{ kind: 'text', content: 'Re-run answer.' }]);
  const before = await page.locator('section.chat').getAttribute('data-run-id');
  await assistantMessages(page).last().hover();
  await assistantMessages(page).last().getByRole('button', { name: 'Re-run from here' }).click();
  const rerun = page.getByRole('dialog', { name: 'Re-run from here' });
  await rerun.getByRole('textbox', { name: 'Model' }).fill('other-model');
  await rerun.getByRole('button', { name: 'Re-run' }).click();
  const paused = page.getByRole('group', { name: 'Paused before model request' });
  await paused.getByRole('button', { name: 'Edit request' }).click();
  const body = paused.getByRole('textbox', { name: 'Request' });
  const request = JSON.parse(await body.inputValue()) as { messages: { role: string; content: string }[] };
  const edited = request.messages.map((m, i) =>
    i === request.messages.length - 1 ? { ...m, content: 'Name a colour of the sea' } : m,
  );
  await body.fill(JSON.stringify({ ...request, messages: edited }));
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await waitForNewRun(page, before);
  await expect(assistantMessages(page).last()).toContainText('Re-run answer.');
  const [original, again] = mock.requests;
  expect([original?.body.model, again?.body.model]).toEqual(['mock-gpt', 'other-model']);
  const messagePath = `messages[${edited.length - 1}].content`;

  // The re-run's dialog against the original: from the original to the re-run.
  let dialog = await openFromMessage(page, assistantMessages(page).last());
  let region = await compareWith(dialog, 'mock-gpt', 'This session');
  await expect(region.getByRole('status')).toHaveText('2 changed, 0 added, 0 removed');
  await expect(differences(region)).toHaveText([
    'model changed: "mock-gpt" → "other-model"',
    `${messagePath} changed: "Name a colour" → "Name a colour of the sea"`,
  ]);
  await close(dialog);

  // Another session's request compares with this session's, listed under its title.
  await newSession(page);
  mock.script([{ kind: 'text', content: 'Elsewhere answer.' }]);
  await sendMessage(page, 'Name a colour of the sky');
  await waitForIdle(page);
  dialog = await openFromMessage(page, assistantMessages(page).last());
  const select = dialog.getByRole('combobox', { name: 'Compare with' });
  region = await compareWith(dialog, 'other-model', 'Session: Name a colour');
  await expect(select.locator('optgroup')).toHaveCount(1);
  // The system prompt names the time it was sent, so it may differ too: the model and the message must.
  await expect(region.getByRole('status')).toHaveText(/^[23] changed, 0 added, 0 removed$/);
  await expect(differences(region).filter({ hasText: /^model changed/ })).toHaveText(
    'model changed: "other-model" → "mock-gpt"',
  );
  await expect(differences(region).filter({ hasText: messagePath })).toHaveText(
    `${messagePath} changed: "Name a colour of the sea" → "Name a colour of the sky"`,
  );
});

test('Try on other models: each answer has its own Request and response, compared with the step and the other model', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.configure({ models: ['mock-gpt', 'model-a', 'model-b'], strictModels: true });
  mock.script([{ kind: 'text', content: 'Original answer.' }]);
  await sendMessage(page, 'Name a colour');
  await waitForIdle(page);

  mock.script([
    { kind: 'text', content: 'Answer one.' },
    { kind: 'text', content: 'Answer two.' },
  ]);
  await assistantMessages(page).last().hover();
  await page.getByRole('button', { name: 'Try on other models' }).click();
  const tryDialog = page.getByRole('dialog', { name: 'Try on other models' });
  await tryDialog.getByRole('textbox', { name: 'Models' }).fill('model-a\nmodel-b');
  await tryDialog.getByRole('button', { name: 'Run' }).click();
  await expect(tryDialog).toBeHidden();
  const region = page.getByRole('region', { name: 'Model comparison' });
  await expect(region.locator('[data-outcome="done"]')).toHaveCount(2);
  const sent = mock.allRequests.filter((r) => r.method === 'POST');
  expect(sent).toHaveLength(3);
  const toA = sent.find((r) => r.rawBody.includes('"model":"model-a"'));

  // model-a's answer: the body exactly as the server received it.
  const answerA = region.getByRole('group', { name: 'model-a', exact: true });
  await answerA.getByRole('button', { name: 'Request and response' }).click();
  const dialog = wireDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Request body' })).toHaveValue(toA?.rawBody ?? 'not sent');
  await expect(dialog.getByRole('region', { name: 'Response' })).toContainText('Status 200');

  // Against the other model's request and the step's own: only `model` changed.
  let compared = await compareWith(dialog, 'model-b', 'This comparison');
  await expect(compared.getByRole('status')).toHaveText('1 changed, 0 added, 0 removed');
  await expect(differences(compared)).toHaveText(['model changed: "model-b" → "model-a"']);
  await dialog.getByRole('button', { name: 'Compare requests' }).click();
  compared = await compareWith(dialog, 'mock-gpt', 'The original step');
  await expect(differences(compared)).toHaveText(['model changed: "mock-gpt" → "model-a"']);
  await close(dialog);

  // The step's own dialog (its message's actions, beside the answers' own buttons) offers the tried models' requests
  // too, after a reload.
  await page.reload();
  const reply = assistantMessages(page).last();
  await reply.hover();
  await reply
    .getByRole('group', { name: 'Message actions' })
    .getByRole('button', { name: 'Request and response' })
    .click();
  const step = wireDialog(page);
  await expect(step).toBeVisible();
  compared = await compareWith(step, 'model-b');
  await expect(differences(compared)).toHaveText(['model changed: "model-b" → "mock-gpt"']);
});
