/**
 * Each escape attempt a code tool might make, run by hand through the Tools view ("Try it" uses the same executor
 * as the agent). Every one must end in a clear error, and the page, its storage and cookies must be untouched.
 */
import { expect, test } from './fixtures';
import { openApp, openConfiguredApp } from './support/configured-app';
import { createCodeTool, openToolsTab, tryIt } from './support/tools-tab';
import { storedAppState } from './support/stored-rows';

const STORED = 'sk-stored-key-must-not-leak';

type Escape = {
  name: string;
  code: string;
  expect: RegExp;
  timeoutMs?: number;
  allowedOrigins?: string[];
  ok?: boolean;
};

const escapes: Escape[] = [
  {
    name: 'read_local_storage',
    code: 'return JSON.stringify(localStorage);',
    expect: /ReferenceError: .*localStorage.* is not defined/,
  },
  {
    name: 'open_indexeddb',
    code: 'return indexedDB.open("toolscope");',
    expect: /ReferenceError: .*indexedDB.* is not defined/,
  },
  { name: 'read_cookie', code: 'return document.cookie;', expect: /ReferenceError: .*document.* is not defined/ },
  { name: 'touch_parent', code: 'return parent.location.href;', expect: /ReferenceError: .*parent.* is not defined/ },
  {
    name: 'touch_top',
    code: 'top.postMessage("hi", "*"); return 1;',
    expect: /ReferenceError: .*top.* is not defined/,
  },
  { name: 'touch_self', code: 'self.postMessage("hi"); return 1;', expect: /ReferenceError: .*self.* is not defined/ },
  {
    name: 'global_post_message',
    code: 'globalThis.postMessage("hi"); return 1;',
    expect: /TypeError: .*not a function/,
  },
  {
    name: 'fetch_without_origins',
    code: 'return await (await fetch("https://example.com/")).text();',
    expect: /fetch.* is not defined[\s\S]*no network access/,
  },
  {
    name: 'fetch_disallowed_origin',
    code: 'return await (await fetch("https://evil.example/steal")).text();',
    allowedOrigins: ['https://allowed.example'],
    expect:
      /fetch blocked: https:\/\/evil\.example is not in this tool's allowed origins \(https:\/\/allowed\.example\)/,
  },
  { name: 'loop_forever', code: 'for (;;) {}', timeoutMs: 1000, expect: /Timed out after 1000 ms/ },
  {
    name: 'allocate_forever',
    code: 'const a = []; for (;;) a.push({ i: a.length, s: "v" + a.length });',
    timeoutMs: 60_000,
    expect: /Out of memory: the sandbox is limited to 64 MB/,
  },
  {
    name: 'huge_string',
    code: 'return "x".repeat(5_000_000);',
    ok: true,
    expect: /\n…\[output truncated: 4934464 bytes omitted\]$/,
  },
  { name: 'return_function', code: 'return function steal() {};', expect: /returned a function/ },
  {
    name: 'return_cyclic',
    code: 'const o = { a: 1 }; o.self = o; return o;',
    expect: /not JSON-serialisable[\s\S]*cyclic/,
  },
  {
    name: 'throw_error',
    code: 'function deep() { throw new Error("boom from tool"); }\ndeep();',
    expect: /Error: boom from tool[\s\S]*deep/,
  },
];

test('code tools cannot escape the sandbox, and the app and its stored key are untouched', async ({ page, mock }) => {
  test.setTimeout(240_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // The app remembers the key the way it really does: in IndexedDB (secrets, under the endpoint it belongs to).
  await openConfiguredApp(page, mock, { apiKey: STORED, remember: true });
  await page.evaluate(() => {
    document.cookie = 'toolscope_session=cookie-value; path=/';
  });
  await expect.poll(async () => (await storedAppState(page)).apiKey).toBe(STORED);
  await openToolsTab(page);

  for (const escape of escapes) {
    await test.step(escape.name, async () => {
      await createCodeTool(page, {
        name: escape.name,
        code: escape.code,
        timeoutMs: escape.timeoutMs,
        allowedOrigins: escape.allowedOrigins,
      });
      const before = await storedAppState(page);
      const result = await tryIt(page, {}, (escape.timeoutMs ?? 30_000) + 10_000);
      expect(result.ok, `${escape.name}: ${result.text.slice(0, 300)}`).toBe(escape.ok ?? false);
      expect(result.text).toMatch(escape.expect);
      expect(result.text).not.toContain(STORED);
      await expect(page.getByRole('tabpanel')).not.toContainText(STORED);
      expect(await storedAppState(page)).toEqual({ ...before, apiKey: STORED });
    });
  }

  // The app still works: a well-behaved tool runs, and the stored key and cookie are as they were.
  await createCodeTool(page, {
    name: 'still_fine',
    code: 'console.log("adding", args.a, args.b); return { sum: args.a + args.b };',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  });
  const fine = await tryIt(page, { a: 2, b: 40 });
  expect(fine).toEqual({ ok: true, text: '{"sum":42}' });
  await expect(page.getByRole('region', { name: 'Logs' })).toContainText('[log] adding 2 40');
  expect((await storedAppState(page)).apiKey).toBe(STORED);
  expect(await page.evaluate(() => document.cookie)).toContain('toolscope_session=cookie-value');
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('arguments are validated live against the schema before Run', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'needs_city',
    code: 'return "weather in " + args.city;',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  });
  const args = page.getByRole('textbox', { name: 'Arguments (JSON)' });
  await args.fill('{"town": 1}');
  await expect(page.getByRole('alert').filter({ hasText: "/city: must have required property 'city'" })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '/town: is not an allowed property' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await args.fill('{"city": "Oslo"');
  await expect(page.getByRole('alert').filter({ hasText: /not valid JSON/ })).toBeVisible();
  expect(await tryIt(page, { city: 'Oslo' })).toEqual({ ok: true, text: 'weather in Oslo' });
});

test('the editor shows definition errors next to the fields and keeps names unique', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  // The built-ins are seeded on first start.
  const list = page.getByRole('list', { name: 'Tool list' });
  await expect(list.getByRole('button', { name: 'current_time' })).toBeVisible();
  await page.getByRole('button', { name: 'New tool' }).click();
  await page.getByRole('textbox', { name: 'Tool name' }).fill('bad name');
  await expect(page.getByRole('alert').filter({ hasText: 'Use 1–64 letters' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Tool name' }).fill('current_time');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Another tool is already named "current_time".' }),
  ).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
    .fill('{"type": "object", "properties": {"a": {"type": "strin"}}}');
  await expect(page.getByRole('alert').filter({ hasText: /properties\/a\/type/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill('{"type": ');
  await expect(page.getByRole('alert').filter({ hasText: /Not valid JSON/ })).toBeVisible();

  // Built-in: current_time runs through the same path. The draft's edits are unsaved, so leaving it asks first.
  await list.getByRole('button', { name: 'current_time' }).click();
  await page
    .getByRole('dialog', { name: 'Unsaved changes to current_time' })
    .getByRole('button', { name: 'Discard' })
    .click();
  const time = await tryIt(page, {});
  expect(time.ok).toBe(true);
  expect(JSON.parse(time.text)).toHaveProperty('timeZone');

  // Disable and delete.
  // The list toggle writes to the database; the checkbox follows once the live query updates.
  await page.getByRole('checkbox', { name: 'Offer current_time to the model' }).click();
  await expect(page.getByRole('checkbox', { name: 'Offer current_time to the model' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Enabled', exact: true })).not.toBeChecked();
  // Deleting a saved tool asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('group', { name: 'Confirm deleting current_time' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(list.getByRole('button', { name: 'current_time' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(list.getByRole('button', { name: 'current_time' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete current_time' }).click();
  await expect(list.getByRole('button', { name: 'current_time' })).toHaveCount(0);
  await page.reload();
  await openToolsTab(page);
  await expect(page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'js_eval' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'current_time' })).toHaveCount(
    0,
  );
});
