/**
 * The debugger on Claude and Gemini steps (docs/wire-formats.md, "What is kept verbatim"; docs/debugging.md): a
 * thinking tool loop run in Anthropic Messages or Gemini, then "Re-run from here" on its second step with recorded
 * results (the request carries the history with the signed thinking as it came, which the mock server checks, and
 * the re-run's reply lands on a new branch), a replay of the re-run, the timeline's tables "Context" and "Cost on
 * other models" reading the step's own counts (with Anthropic's cache writes and reads), and a re-run on another
 * model leaving the other model's thinking out, with a note. Then steps saved as test cases run in a suite on the
 * endpoint named "<model> @ <base URL>", in its own API (architecture.md, "Test cases and suites").
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cacheFigures } from './server/anthropic-stream-plan';
import type { ChatRequest, MockServer, StaticStep } from './server/mock-server';
import { PRICE_TABLE } from '../src/domain/model-prices';
import { assistantMessages, sendMessage, waitForIdle, waitForNewRun } from './support/chat-run';
import { configureSettings, openApp, TEST_KEY } from './support/configured-app';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { configureNative, NATIVE, type NativeFormat } from './support/native-endpoint';

const call = (city: string) => ({ name: 'get_weather', arguments: { city } });
const chat = (page: Page) => page.locator('section.chat');
const toolHits = (mock: MockServer) => mock.allRequests.filter((r) => r.path === '/tools/weather').length;

/** The conversation a request carried in its own format: Anthropic's `messages`, Gemini's `contents`. */
const history = (r: ChatRequest | undefined): unknown[] => {
  const body = (r?.body ?? {}) as Record<string, unknown>;
  const list = body.messages ?? body.contents;
  return Array.isArray(list) ? (list as unknown[]) : [];
};

/** "12,345" as a number. */
const num = (text: string) => Number(text.replaceAll(',', ''));

/** The figures of a message's meta line ("Turn N: … tokens (X in (W written to cache, R read from cache), Y out)"). */
async function turnUsage(message: Locator): Promise<{ input: number; written: number; read: number; output: number }> {
  const text = (await message.locator('.usage').textContent()) ?? '';
  const m = /\(([\d,]+) in(?: \(([^)]*)\))?, ([\d,]+) out\)/.exec(text);
  if (!m) throw new Error(`no token counts in "${text}"`);
  const part = (word: string) => num(new RegExp(`([\\d,]+) ${word}`).exec(m[2] ?? '')?.[1] ?? '0');
  return { input: num(m[1]!), written: part('written to cache'), read: part('read from cache'), output: num(m[3]!) };
}

type TurnCounts = Awaited<ReturnType<typeof turnUsage>>;

/** The counts in the app's words (docs/wire-formats.md, "Usage"): "X in (W written to cache, R read from cache), Y out". */
function inOut(u: TurnCounts): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const cache = [
    ...(u.written ? [`${n(u.written)} written to cache`] : []),
    ...(u.read ? [`${n(u.read)} read from cache`] : []),
  ];
  return `${n(u.input)} in${cache.length > 0 ? ` (${cache.join(', ')})` : ''}, ${n(u.output)} out`;
}

async function openTimelineBar(page: Page, selector: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator(selector).click();
  return page.getByRole('complementary', { name: 'Details' });
}

for (const format of ['anthropic', 'gemini'] as const satisfies readonly NativeFormat[]) {
  test(`${NATIVE[format].api}: re-run a thinking tool loop's step with recorded results, replay it, and read its tables`, async ({
    page,
    mock,
  }) => {
    await openApp(page);
    await configureNative(page, mock, format, { cachePrompt: format === 'anthropic' });
    await seedHttpTools(page, [
      { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
    ]);
    mock.script([
      { kind: 'tool_calls', reasoning: 'Paris first.', text: 'Looking up Paris.', calls: [call('Paris')] },
      { kind: 'tool_calls', reasoning: 'Now Oslo.', calls: [call('Oslo')] },
      { kind: 'text', reasoning: 'Both are known now.', content: 'Paris and Oslo are both mild.' },
    ]);
    await sendMessage(page, 'Weather in Paris and Oslo?');
    await expect(assistantMessages(page).last()).toContainText('Paris and Oslo are both mild.');
    await waitForIdle(page);
    const path =
      format === 'anthropic' ? '/v1/messages' : `/v1beta/models/${NATIVE[format].model}:streamGenerateContent`;
    expect(mock.requests.map((r) => r.path)).toEqual([path, path, path]);
    expect(toolHits(mock)).toBe(2);
    const [, second] = mock.requests;

    // Re-run from the second step (the one that called for Oslo), with recorded results.
    mock.script([
      { kind: 'tool_calls', reasoning: 'Oslo again.', calls: [call('Oslo')] },
      { kind: 'text', reasoning: 'Done.', content: 'Re-run: Oslo is mild too.' },
    ]);
    const before = await chat(page).getAttribute('data-run-id');
    await assistantMessages(page).nth(1).getByRole('button', { name: 'Re-run from here' }).click();
    const dialog = page.getByRole('dialog', { name: 'Re-run from here' });
    await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue(NATIVE[format].model);
    await expect(dialog.getByRole('radio', { name: 'Use recorded results' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Re-run' }).click();
    await expect(dialog).toBeHidden();
    await waitForNewRun(page, before);
    await expect(assistantMessages(page).last()).toContainText('Re-run: Oslo is mild too.');
    expect(mock.requests).toHaveLength(5);
    expect(mock.requests.slice(3).map((r) => r.path)).toEqual([path, path]);
    // The step's request again: the history as it went, the first reply's signed thinking unchanged (the mock
    // server refuses a tool-loop turn whose thinking or thought signature changed, and it answered).
    const rerun = mock.requests[3];
    expect(JSON.stringify(history(rerun))).toBe(JSON.stringify(history(second)));
    const firstReply = JSON.stringify(history(second)[1]);
    expect(firstReply).toMatch(format === 'anthropic' ? /"signature":"mocksig_/ : /"thoughtSignature":"/);
    // The re-run's own reply went back signed as it came, the tool answered from its recording ("Cache the prompt"
    // moves its marker to the last block, so the earlier turns are compared).
    expect(history(mock.requests[4]).slice(0, 2)).toEqual(history(second).slice(0, 2));
    expect(toolHits(mock)).toBe(2);
    await expect(page.getByRole('group', { name: 'Tool call get_weather' }).last()).toContainText('recorded');
    await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();

    // Replay the re-run: from its start to its end, its steps come back on screen; nothing is sent.
    const sent = mock.allRequests.length;
    await page.getByRole('button', { name: 'Replay run' }).last().click();
    const replay = page.getByRole('region', { name: 'Replay' });
    const slider = replay.getByRole('slider', { name: 'Replay position' });
    await expect(chat(page)).toHaveAttribute('data-replay', 'true');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await expect(assistantMessages(page).filter({ hasText: 'Re-run: Oslo is mild too.' })).toHaveCount(0);
    const total = Number(await slider.getAttribute('aria-valuemax'));
    expect(total).toBeGreaterThan(5);
    await replay.getByRole('combobox', { name: 'Speed' }).selectOption('Instant');
    await replay.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(slider).toHaveAttribute('aria-valuenow', String(total));
    await expect(assistantMessages(page).last()).toContainText('Re-run: Oslo is mild too.');
    await expect(page.getByRole('group', { name: 'Tool call get_weather' }).last()).toContainText('recorded');
    await replay.getByRole('button', { name: 'Exit replay' }).click();
    await expect(replay).toHaveCount(0);
    expect(mock.allRequests.length).toBe(sent);

    // Table "Context" of the re-run's last turn: the provider's count is the step's input, every token it read.
    const last = await turnUsage(assistantMessages(page).last());
    const turns = [await turnUsage(assistantMessages(page).nth(1)), last];
    if (format === 'anthropic') {
      // The counts the mock server reported for that request: fresh input, written to and read from its cache.
      const cached = new Set<string>();
      const figures = mock.requests.map((r) => cacheFigures(r.body as Record<string, unknown>, cached));
      const f = figures[4];
      expect(f).not.toBeNull();
      expect(f!.read).toBeGreaterThan(0);
      expect(last).toMatchObject({ input: f!.input + f!.written + f!.read, written: f!.written, read: f!.read });
    }
    const details = await openTimelineBar(page, '[data-kind="request"] >> nth=-1');
    const ledger = details.getByRole('table', { name: 'Context' });
    await expect(ledger.locator('tfoot tr').filter({ hasText: 'Provider reported' })).toContainText(
      last.input.toLocaleString('en-US'),
    );
    await expect(ledger.locator('tbody tr').filter({ hasText: 'Tool results' })).toHaveCount(1);
    await expect(details).toContainText(`Tokens this turn: ${inOut(last)}`);

    // Table "Cost on other models" of the re-run: its tokens, the cache's apart, priced as the provider charges.
    await details.getByRole('button', { name: 'Close details' }).click();
    const runDetails = await openTimelineBar(page, '[data-kind="run"] >> nth=-1');
    const costs = runDetails.getByRole('table', { name: 'Cost on other models' });
    await expect(costs.locator('tbody tr').first()).toBeVisible();
    const sum = (k: keyof typeof last) => turns.reduce((s, t) => s + t[k], 0);
    const ran = { input: sum('input'), written: sum('written'), read: sum('read'), output: sum('output') };
    await expect(runDetails).toContainText(`Priced from this run's recorded tokens (${inOut(ran)}`);
    const price = PRICE_TABLE.prices['claude-opus-5']!;
    const fresh = sum('input') - sum('written') - sum('read');
    const usd =
      (fresh * price.input +
        sum('written') * (price.cacheWrite ?? price.input) +
        sum('read') * (price.cachedInput ?? price.input) +
        sum('output') * price.output) /
      1_000_000;
    await expect(costs.locator('tbody tr').filter({ hasText: /^claude-opus-5/ })).toContainText(
      `$${usd.toFixed(usd < 0.01 ? 4 : 2)}`,
    );

    // Re-run the same step on another model: the first reply's signed thinking is another model's, which the
    // provider would refuse, so it is left out of the request and the reply says so.
    await page.getByRole('tab', { name: 'Chat' }).click();
    const other = `${NATIVE[format].model}-other`;
    mock.script([{ kind: 'text', content: 'Another model: Oslo is mild.' }]);
    const beforeOther = await chat(page).getAttribute('data-run-id');
    await assistantMessages(page).nth(1).getByRole('button', { name: 'Re-run from here' }).click();
    await dialog.getByRole('textbox', { name: 'Model' }).fill(other);
    await dialog.getByRole('button', { name: 'Re-run' }).click();
    await waitForNewRun(page, beforeOther);
    await expect(assistantMessages(page).last()).toContainText('Another model: Oslo is mild.');
    const onOther = mock.requests.at(-1);
    expect(onOther?.rawBody).not.toContain('mocksig_');
    expect(onOther?.rawBody).not.toContain('Paris first.');
    await expect(assistantMessages(page).last().getByRole('note', { name: 'Left out of this request' })).toBeVisible();
    await expect(page.getByText('3 / 3', { exact: true })).toBeVisible();
  });
}

/** The mock's answer to a suite's request: a call for Paris to the question, the answer once the tool answered. */
function weatherStep(req: ChatRequest): StaticStep {
  const last = JSON.stringify(history(req).at(-1) ?? null);
  return /tool_result|functionResponse/.test(last)
    ? { kind: 'text', reasoning: 'Known now.', content: 'Paris is mild.' }
    : { kind: 'tool_calls', reasoning: 'Paris, then.', calls: [call('Paris')] };
}

for (const format of ['anthropic', 'gemini'] as const satisfies readonly NativeFormat[]) {
  test(`${NATIVE[format].api}: steps saved as test cases run in a suite on that endpoint, in its own API`, async ({
    page,
    mock,
  }) => {
    await openApp(page);
    await configureNative(page, mock, format);
    await seedHttpTools(page, [
      { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
    ]);
    mock.configure({ defaultStep: weatherStep });
    await sendMessage(page, 'Weather in Paris?');
    await expect(assistantMessages(page).last()).toContainText('Paris is mild.');
    await waitForIdle(page);
    const path = mock.requests[0]!.path;

    const saveCase = async (message: number, name: string, fill: (d: Locator) => Promise<void>) => {
      await assistantMessages(page).nth(message).getByRole('button', { name: 'Save as test case' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save as test case' });
      await dialog.getByRole('textbox', { name: 'Case name' }).fill(name);
      await fill(dialog);
      await dialog.getByRole('button', { name: 'Save case' }).click();
      await expect(dialog).toBeHidden();
    };
    await saveCase(0, 'Paris call', async (d) => {
      await expect(d.getByRole('checkbox', { name: 'Calls tool' })).toBeChecked();
      await expect(d.getByRole('combobox', { name: 'Tool' })).toHaveValue('get_weather');
      await d.getByRole('textbox', { name: 'New suite' }).fill('Weather');
    });
    await saveCase(1, 'Paris sunny', async (d) => {
      await d.getByRole('checkbox', { name: 'Answer contains' }).check();
      await d.getByRole('textbox', { name: 'Text' }).fill('sunny');
    });

    // The page's own endpoint moves on to another server; the suite names this one by its base URL.
    await configureSettings(page, mock, { baseURL: mock.url });
    await page.getByRole('tab', { name: 'Tests' }).click();
    await expect(page.getByRole('heading', { name: 'Weather' })).toBeVisible();
    const before = mock.requests.length;
    const tools = toolHits(mock);
    await page.getByRole('button', { name: 'Run suite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run suite' });
    await dialog.getByRole('textbox', { name: 'Models' }).fill(`${NATIVE[format].model} @ ${mock.origin}`);
    await dialog.getByRole('button', { name: 'Run' }).click();
    const label = `${NATIVE[format].model} @ ${new URL(mock.origin).host}`;
    const results = page.getByRole('table', { name: 'Results' });
    await expect(page.getByRole('progressbar', { name: 'Suite progress' })).toHaveAttribute('aria-valuenow', '2');
    await expect(results.getByRole('button', { name: `Paris call on ${label}: pass`, exact: true })).toBeVisible();
    const failed = results.getByRole('button', { name: `Paris sunny on ${label}: fail`, exact: true });
    await expect(failed).toBeVisible();
    await expect(failed.locator('..')).toContainText('The answer does not contain “sunny”.');
    // Three model requests (the call's case asks once, the answer's case answers the recorded call), all in the
    // endpoint's own API and key header; the recorded tool result answered, the tool's server was not asked.
    const sent = mock.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual([path, path, path]);
    const keyHeader = format === 'anthropic' ? 'x-api-key' : 'x-goog-api-key';
    for (const r of sent) {
      expect(r.headers[keyHeader]).toBe(TEST_KEY);
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(toolHits(mock)).toBe(tools);
  });
}
