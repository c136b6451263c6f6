import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { conversation, roles } from './support/sent-requests';
import { openConfiguredApp } from './support/configured-app';
import { seedHttpTools } from './support/http-tool-seed';
import { sessionItems, newSession } from './support/session-list';

test('401: says to check the key, and "Open settings" opens them', async ({ page, mock }) => {
  mock.configure({ apiKey: 'sk-the-right-one' });
  await openConfiguredApp(page, mock, { apiKey: 'sk-wrong' });
  await sendMessage(page, 'hi');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API key was not accepted (HTTP 401)');
  await expect(alert).toContainText('Check');
  expect(await alert.textContent()).not.toContain('sk-wrong');
  await page.screenshot({ path: 'e2e/artifacts/chat-error-401.png' });
  await alert.getByRole('button', { name: 'Open settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  // 401 is never retried.
  expect(mock.allRequests.filter((r) => r.method === 'POST')).toHaveLength(1);
  // The sidebar shows the session's run failed.
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(sessionItems(page).filter({ hasText: 'hi' }).locator('.status')).toHaveText('failed');

  // With the key fixed, Retry sends the same message again: no retyping, no second copy of it.
  await alert.getByRole('button', { name: 'Open settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('textbox', { name: 'API key' }).fill('sk-the-right-one');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  mock.script([{ kind: 'text', content: 'Now it works.' }]);
  await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await expect(assistantMessages(page).last()).toContainText('Now it works.');
  expect(roles(mock.requests.at(-1))).toEqual(['user']);
  expect(conversation(mock.requests.at(-1))[0]).toMatchObject({ role: 'user', content: 'hi' });
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('404: names the model that does not exist', async ({ page, mock }) => {
  mock.configure({ strictModels: true });
  await openConfiguredApp(page, mock, { model: 'no-such-model' });
  await sendMessage(page, 'hi');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No such model: no-such-model (HTTP 404)');
  await expect(alert.getByRole('button', { name: 'Open settings' })).toBeVisible();
});

test('CORS / unreachable: explains that the endpoint must allow browser origins and names providers that do', async ({
  page,
  mock,
}) => {
  mock.configure({ cors: false });
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'hi');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('could not be reached from this page');
  for (const name of ['OpenAI', 'OpenRouter', 'Groq', 'Together']) await expect(alert).toContainText(name);
  await expect(alert).toContainText('CORS');
});

test('429: shows a countdown to the retry, then the answer arrives', async ({ page, mock }) => {
  // The page's clock is stepped, not waited on: the provider asks for the longest wait Toolscope honours (60 s) and
  // the test moves time on. A real 4 s wait could run out on a loaded machine before the countdown was read.
  await page.clock.install();
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'http_error', status: 429, retryAfter: 60 },
    { kind: 'text', content: 'Worth the wait.' },
  ]);
  await sendMessage(page, 'hi');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Rate limited (HTTP 429)');
  const countdown = alert.getByTestId('retry-countdown');
  await expect(countdown).toHaveText(/Retrying in \d+ s/);
  // Seconds shown now: 0 for "Retrying now…", NaN once the countdown is gone (so a vanished one never passes).
  const seconds = () =>
    page.evaluate(() => {
      const text = document.querySelector('[data-testid="retry-countdown"]')?.textContent ?? null;
      if (text === null) return Number.NaN;
      return Number(/Retrying in (\d+) s/.exec(text)?.[1] ?? 0);
    });
  const first = await seconds();
  // One wait, the ticking one: not also the fixed "Retrying in 4 s." the error was classified with.
  expect(await alert.innerText()).not.toMatch(/Retrying in \d+ s\./);
  await page.screenshot({ path: 'e2e/artifacts/chat-error-429.png' });
  // It counts down while it waits: 10 s later it shows less, and it has not asked again yet.
  expect(first).toBeGreaterThan(10);
  await page.clock.fastForward(10_000);
  await expect.poll(seconds).toBeLessThan(first);
  expect(await seconds()).toBeGreaterThan(0);
  expect(mock.requests).toHaveLength(1);
  // When the wait is over it asks again, and the answer arrives.
  await page.clock.fastForward(60_000);
  await expect(assistantMessages(page).last()).toContainText('Worth the wait.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(mock.requests).toHaveLength(2);
});

test('network loss mid-answer: retried, then an alert with Retry that continues the conversation', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const cut = {
    kind: 'disconnect' as const,
    afterChunks: 2,
    step: { kind: 'text' as const, content: 'one two three four five six' },
  };
  mock.script([cut, cut, cut, cut, { kind: 'text', content: 'Back online.' }]);
  await sendMessage(page, 'hi');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The network connection was lost', { timeout: 30_000 });
  await waitForIdle(page);
  expect(mock.requests).toHaveLength(4);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(assistantMessages(page).last()).toContainText('Back online.');
  expect(conversation(mock.requests[4])[0]).toMatchObject({ role: 'user', content: 'hi' });
});

test('offline: the browser going offline is announced', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await page.context().setOffline(true);
  await expect(page.getByRole('alert')).toContainText('You are offline');
  await page.context().setOffline(false);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('limits: max turns stops the run with a Continue button that runs more turns; max tool calls too', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock, { maxTurns: 1, maxToolCallsPerTurn: 2 });
  await seedHttpTools(page, [
    {
      name: 'get_weather',
      urlTemplate: `${mock.origin}/tools/weather?city={city}`,
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ]);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Rome' } }] },
    { kind: 'text', content: 'Rome is fine.' },
  ]);
  await sendMessage(page, 'weather in Rome');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Limit reached');
  await expect(alert).toContainText('stopped after 1 turn (the limit');
  await page.screenshot({ path: 'e2e/artifacts/chat-limit.png' });
  // The limits it points to are one click away, and this session's own Max turns is what Settings shows.
  await alert.getByRole('button', { name: 'Open settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('spinbutton', { name: 'Max turns' })).toHaveValue('1');
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();
  await alert.getByRole('button', { name: 'Continue' }).click();
  await expect(assistantMessages(page).last()).toContainText('Rome is fine.');
  expect(roles(mock.requests[1])).toEqual(['user', 'assistant', 'tool']);

  mock.script([
    {
      kind: 'tool_calls',
      calls: ['A', 'B', 'C'].map((c, i) => ({ id: `m${i}`, name: 'get_weather', arguments: { city: c } })),
    },
  ]);
  await sendMessage(page, 'three cities');
  await expect(page.getByRole('alert')).toContainText('more than 2 tool calls in one turn');
  await waitForIdle(page);
  const before = mock.requests.length;
  mock.script([{ kind: 'text', content: 'Continued after the call limit.' }]);
  await page.getByRole('alert').getByRole('button', { name: 'Continue' }).click();
  await expect(assistantMessages(page).last()).toContainText('Continued after the call limit.');
  // Continue ran one more model turn, with a result for every call the stopped turn asked for.
  expect(mock.requests).toHaveLength(before + 1);
  const history = mock.requests[before]!.body.messages ?? [];
  expect(history.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(
    expect.arrayContaining(['m0', 'm1', 'm2']),
  );
});

test('storage full: the run goes on in memory and the alert says to export', async ({ page, mock }) => {
  // Simulated in the page: IndexedDB writes to the session tables throw the browser's QuotaExceededError once armed.
  await page.addInitScript(() => {
    const w = window as unknown as { __storageFull: boolean };
    w.__storageFull = false;
    for (const method of ['put', 'add'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (w.__storageFull && this.name !== 'settings')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
  await openConfiguredApp(page, mock);
  await newSession(page);
  await page.evaluate(() => {
    (window as unknown as { __storageFull: boolean }).__storageFull = true;
  });
  mock.script([{ kind: 'text', content: 'This answer cannot be saved.' }]);
  await sendMessage(page, 'hi');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Browser storage problem');
  await expect(alert).toContainText('Export');
  // The answer is still on screen, from memory.
  await expect(assistantMessages(page).last()).toContainText('This answer cannot be saved.');
  await page.screenshot({ path: 'e2e/artifacts/chat-storage-full.png' });
});
