/**
 * "Edit request" on Claude and Gemini sessions (docs/debugging.md, "Breakpoints"; docs/wire-formats.md): paused before
 * the second request of a thinking tool loop, the box shows the body in the session's own format (Anthropic's
 * `max_tokens`, `thinking` and the signed thinking block; Gemini's `contents` with the `thoughtSignature`), an edit
 * that format cannot take is refused in words with nothing sent, and an edit of the user's text reaches the mock server
 * exactly as typed, also once a reload left the run waiting there. Against the project's mock server, through a real
 * socket.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openApp } from './support/configured-app';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { configureNative, NATIVE, type NativeFormat } from './support/native-endpoint';

type Body = Record<string, unknown>;

/** What each format's body must show, and the one edit it must refuse (with the words it refuses it in). */
const FORMATS = {
  anthropic: {
    shows: (body: Body) => {
      expect(body.max_tokens).toEqual(expect.any(Number));
      expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
      expect(body).not.toHaveProperty('stream_options');
      const messages = body.messages as { role: string; content: unknown[] }[];
      expect(messages[1]?.role).toBe('assistant');
      expect(messages[1]?.content[0]).toEqual({
        type: 'thinking',
        thinking: 'Paris first.',
        signature: expect.stringMatching(/.+/),
      });
    },
    invalid: (body: Body) => {
      const { max_tokens: _dropped, ...rest } = body;
      return rest;
    },
    refusal: 'The request needs "max_tokens": a whole number of tokens above 0.',
  },
  gemini: {
    shows: (body: Body) => {
      expect(body).not.toHaveProperty('messages');
      expect(body.generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 2048 } });
      const contents = body.contents as { role: string; parts: Body[] }[];
      expect(contents[1]?.role).toBe('model');
      expect(contents[1]?.parts.some((p) => typeof p.thoughtSignature === 'string' && p.thoughtSignature !== '')).toBe(
        true,
      );
    },
    invalid: (body: Body) => {
      const { contents, ...rest } = body;
      return { ...rest, messages: contents };
    },
    refusal: 'The request needs a "contents" list',
  },
} as const satisfies Record<NativeFormat, unknown>;

async function newSessionPausingBeforeRequests(page: Page) {
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await page
    .getByRole('group', { name: 'Breakpoints' })
    .getByRole('checkbox', { name: 'Before each model request' })
    .check();
}

for (const format of ['anthropic', 'gemini'] as const satisfies readonly NativeFormat[]) {
  test(`${NATIVE[format].api}: Edit request shows the body in its own format, refuses what it cannot take, and sends the edit as typed`, async ({
    page,
    mock,
  }) => {
    const f = FORMATS[format];
    await openApp(page);
    // The key stays on this device: the run goes on after the reload below.
    await configureNative(page, mock, format, { remember: true });
    await seedHttpTools(page, [
      { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
    ]);
    await newSessionPausingBeforeRequests(page);
    mock.script([
      {
        kind: 'tool_calls',
        reasoning: 'Paris first.',
        calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      },
      { kind: 'text', reasoning: 'Known now.', content: 'Paris is mild.' },
    ]);
    await sendMessage(page, 'Weather in Paris?');
    const paused = page.getByRole('group', { name: 'Paused before model request' });
    await expect(paused).toBeVisible();
    await paused.getByRole('button', { name: 'Continue', exact: true }).click();

    // Paused before request 2: the body the client will send, with the reply's signed thinking in it. A reload leaves
    // the run waiting there: the pause is read back and checked in the session's own format.
    await expect.poll(() => mock.requests.length).toBe(1);
    await expect(paused).toBeVisible();
    await page.reload();
    await expect(paused).toBeVisible();
    await paused.getByRole('button', { name: 'Edit request' }).click();
    const box = paused.getByRole('textbox', { name: 'Request' });
    const shownText = await box.inputValue();
    const shown = JSON.parse(shownText) as Body;
    f.shows(shown);

    await box.fill(JSON.stringify(f.invalid(shown), null, 2));
    await paused.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(paused.getByRole('alert')).toContainText(f.refusal);
    await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'paused');
    expect(mock.requests).toHaveLength(1);

    const editedText = shownText.replace('Weather in Paris?', 'Weather in Paris, as edited?');
    expect(editedText).not.toBe(shownText);
    await box.fill(editedText);
    await paused.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(assistantMessages(page).last()).toContainText('Paris is mild.');
    await waitForIdle(page);
    expect(mock.requests).toHaveLength(2);
    expect(mock.requests[1]!.body).toEqual(JSON.parse(editedText));
  });
}
