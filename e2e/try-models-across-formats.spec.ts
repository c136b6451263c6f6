/**
 * "Try on other models" across wire formats (docs/wire-formats.md; architecture.md, "Try on other models"): a line
 * "<model> @ <base URL>" naming an endpoint saved in Settings with another API is asked in that endpoint's own
 * format. A Chat Completions step tried on an Anthropic endpoint goes as POST /v1/messages with `x-api-key`, on a
 * Gemini endpoint as streamGenerateContent with `x-goog-api-key`; an
 * Anthropic step tried on a Chat Completions endpoint goes as POST /v1/chat/completions without the signed thinking,
 * which that format cannot carry, and its answer says so in note "Left out of this request", kept over a reload. Both
 * answers show in the comparison.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, TEST_KEY } from './support/configured-app';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { configureNative, NATIVE, type NativeFormat } from './support/native-endpoint';

/** Settings on the mock server's Chat Completions endpoint (mock.url, under /v1), chosen as a person does. */
async function configureChat(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(url);
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  await dialog.getByRole('textbox', { name: 'Model' }).fill('mock-gpt');
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Chat Completions' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Tries the message's step on the models of `lines` and returns the comparison once each group named is done. */
async function tryOn(page: Page, message: number, lines: string, groups: readonly string[]) {
  await assistantMessages(page).nth(message).getByRole('button', { name: 'Try on other models' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try on other models' });
  await dialog.getByRole('textbox', { name: 'Models' }).fill(lines);
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(dialog).toBeHidden();
  const region = page.getByRole('region', { name: 'Model comparison' });
  for (const name of groups)
    await expect(region.getByRole('group', { name, exact: true })).toHaveAttribute('data-outcome', 'done');
  return region;
}

test("a Chat Completions step tried on saved Anthropic and Gemini endpoints goes out in each one's own API", async ({
  page,
  mock,
}) => {
  await openApp(page);
  // Two endpoints saved with their keys on the one mock server, spelt apart (the app tells endpoints by base URL):
  // Anthropic at its origin, Gemini at localhost (both formats' paths start at the root).
  const anthropicURL = mock.origin;
  const geminiURL = mock.origin.replace('127.0.0.1', 'localhost');
  await configureNative(page, mock, 'anthropic');
  await configureNative(page, mock, 'gemini', { baseURL: geminiURL });
  await configureChat(page, mock.url);
  mock.script([{ kind: 'text', content: 'The sky is blue.' }]);
  await sendMessage(page, 'Name a colour');
  await waitForIdle(page);
  expect(mock.requests.map((r) => r.path)).toEqual(['/v1/chat/completions']);

  // Each format answers in its own words, whichever request arrives first (Gemini names its model in the path).
  const says = (path: string) => (path === '/v1/messages' ? 'Claude says blue.' : `${path} says blue.`);
  mock.configure({ defaultStep: (req) => ({ kind: 'text', content: says(req.path) }) });
  const claude = `claude-mock-a @ ${new URL(anthropicURL).host}`;
  const gemini = `gemini-3-mock @ ${new URL(geminiURL).host}`;
  const region = await tryOn(page, 0, `claude-mock-a @ ${anthropicURL}\ngemini-3-mock @ ${geminiURL}`, [
    claude,
    gemini,
  ]);
  await expect(region.getByRole('group', { name: claude, exact: true })).toContainText('Claude says blue.');
  await expect(region.getByRole('group', { name: gemini, exact: true })).toContainText(
    '/v1beta/models/gemini-3-mock:streamGenerateContent says blue.',
  );
  expect(mock.requests).toHaveLength(3);
  const tried = mock.requests.slice(1);
  const toClaude = tried.find((r) => r.path === '/v1/messages');
  expect(toClaude?.headers['x-api-key']).toBe(TEST_KEY);
  expect(toClaude?.headers['anthropic-version']).toBeDefined();
  expect(toClaude?.headers.authorization).toBeUndefined();
  const claudeBody = toClaude?.body as Record<string, unknown>;
  expect(claudeBody.model).toBe('claude-mock-a');
  expect(claudeBody.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Name a colour' }] }]);
  // The session's system prompt goes at the top level, as Anthropic takes it.
  expect(mock.requests[0]?.body.messages?.[0]?.role).toBe('system');
  expect(claudeBody.system).toBeDefined();
  const toGemini = tried.find((r) => r.path === '/v1beta/models/gemini-3-mock:streamGenerateContent');
  expect(toGemini?.headers['x-goog-api-key']).toBe(TEST_KEY);
  expect(toGemini?.headers.authorization).toBeUndefined();
  expect((toGemini?.body as Record<string, unknown>).contents).toEqual([
    { role: 'user', parts: [{ text: 'Name a colour' }] },
  ]);
  // Nothing joined the conversation.
  await expect(assistantMessages(page)).toHaveCount(1);
});

for (const format of ['anthropic', 'gemini'] as const satisfies readonly NativeFormat[]) {
  test(`${NATIVE[format].api}: a step tried on a saved Chat Completions endpoint leaves the signed thinking out`, async ({
    page,
    mock,
  }) => {
    await openApp(page);
    await configureChat(page, mock.url);
    await configureNative(page, mock, format);
    await seedHttpTools(page, [
      { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
    ]);
    mock.script([
      {
        kind: 'tool_calls',
        reasoning: 'The person wants Paris.',
        text: 'Looking up Paris.',
        calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      },
      { kind: 'text', reasoning: 'Known now.', content: 'Paris is mild.' },
    ]);
    await sendMessage(page, 'Weather in Paris?');
    await expect(assistantMessages(page).last()).toContainText('Paris is mild.');
    await waitForIdle(page);
    const own = mock.requests[0]!.path;
    expect(own).toBe(
      format === 'anthropic' ? '/v1/messages' : `/v1beta/models/${NATIVE.gemini.model}:streamGenerateContent`,
    );
    expect(mock.requests.map((r) => r.path)).toEqual([own, own]);
    expect(mock.requests[1]?.rawBody).toContain('mocksig_');

    // The answering step, whose request carried the first reply's signed thinking (Gemini: its thought and the
    // call's thoughtSignature), tried on the Chat endpoint.
    mock.script([{ kind: 'text', content: 'GPT says Paris is mild too.' }]);
    const host = new URL(mock.url).host;
    const region = await tryOn(page, 1, `mock-gpt @ ${mock.url}`, [`mock-gpt @ ${host}`]);
    await expect(region.getByRole('group', { name: `mock-gpt @ ${host}` })).toContainText(
      'GPT says Paris is mild too.',
    );
    const tried = mock.requests[2];
    expect(tried?.path).toBe('/v1/chat/completions');
    expect(tried?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(tried?.headers['x-api-key']).toBeUndefined();
    expect(tried?.headers['x-goog-api-key']).toBeUndefined();
    // The history in Chat Completions' own shape: the call and its result, the text, and no thinking or signature.
    const messages = (tried?.body.messages ?? []).filter((m) => m.role !== 'system');
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[1]?.content).toBe('Looking up Paris.');
    expect(JSON.stringify(messages[1])).toContain('get_weather');
    expect(tried?.rawBody).not.toContain('mocksig_');
    expect(tried?.rawBody).not.toContain('The person wants Paris.');

    // The answer says what its request left out: the first reply's signed thinking, named by its turn.
    const leftOut = (p: Page) =>
      p
        .getByRole('region', { name: 'Model comparison' })
        .getByRole('group', { name: `mock-gpt @ ${host}` })
        .getByRole('note', { name: 'Left out of this request' });
    await expect(leftOut(page)).toContainText("Turn 1's reply: Its signed thinking");
    await expect(leftOut(page).getByRole('listitem')).toHaveCount(1);
    // Stored with the answer, so a reload still says it.
    await page.reload();
    await expect(leftOut(page)).toContainText("Turn 1's reply: Its signed thinking");
  });
}
