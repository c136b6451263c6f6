/**
 * MCP Apps in the chat: a tool that names a ui:// View renders it in a sealed frame under its tool card. Real
 * servers on 127.0.0.1: the project's mock model server and an MCP server with an App (e2e/mcp-servers/apps-server.ts),
 * whose View speaks the JSON-RPC by hand and reports what its sandbox let it do.
 */
import { readFile } from 'node:fs/promises';
import type { McpServer } from '@modelcontextprotocol/server';
import { startAppsMcpServer, type AppsMcpServer } from './mcp-servers/apps-server';
import { expect, test } from './fixtures';
import { assistantMessages, expandToolCard, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { addMcpServer } from './support/mcp-tools-tab';
import { expectNoAxeViolations } from './support/axe-scan';

let apps: AppsMcpServer;

test.beforeEach(async () => {
  apps = await startAppsMcpServer();
});

test.afterEach(async () => {
  await apps.close();
});

const VIEW_TITLE = 'apps — show_board view';

test('a View renders under its tool card, gets the result, calls an app tool through the host, and is sealed', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: apps.url, name: 'apps' }, '2026-07-28');
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_board', name: 'apps__show_board', arguments: { label: 'alpha' } }] },
    { kind: 'text', content: 'The board is shown.' },
  ]);
  await sendMessage(page, 'show me the board');
  await expect(assistantMessages(page).last()).toContainText('The board is shown.', { timeout: 30_000 });
  await waitForIdle(page);

  // The model is offered the tools visible to it, never the app-only one; it reads the text result.
  const offered = (mock.requests[0]?.body.tools ?? []).map((t) => t.function?.name);
  expect(offered).toEqual(expect.arrayContaining(['apps__show_board', 'apps__model_only']));
  expect(offered).not.toContain('apps__app_echo');

  const card = page.locator('.tool-card[data-call-id="call_board"]');
  const frameElement = card.locator(`iframe[title="${VIEW_TITLE}"]`);
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts');
  const view = page.frameLocator(`iframe[title="${VIEW_TITLE}"]`);
  await expect(view.locator('#status')).toContainText('connected to Toolscope, theme ');
  await expect(view.locator('#input')).toContainText('"label":"alpha"');
  await expect(view.locator('#result')).toContainText('board for alpha {"label":"alpha","cards":3}');

  // Sealed: an opaque origin has no storage, cookies or parent page; the fetch to a CORS-open origin it never
  // declared is stopped by its policy (the server never sees it).
  await expect(view.locator('#storage')).toContainText('storage refused: SecurityError');
  await expect(view.locator('#cookie')).toContainText('cookie refused');
  await expect(view.locator('#parent')).toContainText('parent refused: SecurityError');
  await expect(view.locator('#probe')).toContainText('fetch blocked: TypeError');
  await expect(view.locator('#csp')).toContainText(`csp violation: connect-src ${apps.origin}/open`);
  expect(apps.openHits()).toBe(0);

  // An app-visible tool goes through the host to the server and back into the View; the request is logged.
  await view.getByRole('button', { name: 'Call app echo' }).click();
  await expect(view.locator('#echo-out')).toHaveText('echo: app echo: from the view');
  expect(apps.calls.filter((c) => c.tool === 'app_echo')).toHaveLength(1);
  await card.getByText(/^View requests \(/).click();
  await expect(card.getByRole('list', { name: 'View requests' })).toContainText('tools/call · ok');

  // A model-only tool is refused to the View and never reaches the server.
  await view.getByRole('button', { name: 'Call hidden tool' }).click();
  await expect(view.locator('#hidden-out')).toContainText('hidden error: ');
  await expect(view.locator('#hidden-out')).toContainText('not available to views');
  await expect(card.getByRole('list', { name: 'View requests' })).toContainText('tools/call · refused');
  expect(apps.calls.some((c) => c.tool === 'model_only')).toBe(false);

  // Full screen when the View asks: the same sealed frame (not reloaded: its page keeps what it showed) over the
  // whole page, told its new mode; Esc ends it, the View is told, and focus is back on the card.
  await view.getByRole('button', { name: 'Go full screen' }).click();
  const fullScreen = page.getByRole('dialog', { name: `${VIEW_TITLE}, full screen` });
  await expect(fullScreen.getByRole('button', { name: 'Exit full screen' })).toBeFocused();
  await expect(view.locator('#full-out')).toHaveText('display mode granted: fullscreen');
  await expect(view.locator('#mode')).toHaveText('display mode: fullscreen');
  await expect(fullScreen.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts');
  expect(await frameElement.evaluate((f) => f.getBoundingClientRect().width === window.innerWidth)).toBe(true);
  await expect(view.locator('#echo-out')).toHaveText('echo: app echo: from the view');
  await page.keyboard.press('Escape');
  await expect(fullScreen).toHaveCount(0);
  await expect(view.locator('#mode')).toHaveText('display mode: inline');
  await expect.poll(() => card.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // Nothing the View did carried the key.
  expect(JSON.stringify(apps.calls)).not.toContain(TEST_KEY);

  // The View cannot take its frame to another origin either: the page's frame-src holds every navigation of it.
  const navigationBlocked = page.waitForEvent('console', (m) => m.text().includes('frame-src'));
  await view.getByRole('button', { name: 'Navigate away' }).click();
  await navigationBlocked;
  expect(apps.openHits()).toBe(0);

  // A page with a rendered View passes axe (the View's own page is the server's: axe reads the host's page). Last:
  // the scan resizes the page (720 to 800 px high), which moves the chat under a View the steps above click in.
  await expect(frameElement).toBeVisible();
  await expectNoAxeViolations(page, 'chat with an MCP App view', [{ scheme: 'light', width: 1280 }]);
});

test('a View message and model context are shown before they take effect, its requests are on the timeline, the View survives session switches and reloads', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: apps.url, name: 'apps' }, '2026-07-28');
  await page.getByRole('tab', { name: 'Chat' }).click();
  // The run's second call waits for the person: the View is used meanwhile, between two requests of the run.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_board', name: 'apps__show_board', arguments: { label: 'beta' } }] },
    { kind: 'tool_calls', calls: [{ id: 'call_pin', name: 'apps__pin_card', arguments: { card: 2 } }] },
    { kind: 'text', content: 'Board up.' },
  ]);
  const firstRequest = mock.requests.length;
  await sendMessage(page, 'board please');
  const pinAsk = page.getByRole('group', { name: 'Approve apps__pin_card?' });
  await expect(pinAsk).toBeVisible({ timeout: 30_000 });
  // A View starts when it comes near the viewport; the approval below it may have pushed it away.
  await page.locator('.tool-card[data-call-id="call_board"]').scrollIntoViewIfNeeded();
  const view = page.frameLocator(`iframe[title="${VIEW_TITLE}"]`);
  await expect(view.locator('#status')).toContainText('connected to Toolscope', { timeout: 30_000 });

  // Context the View gives the model is shown under it before it takes effect, and goes with the next request
  // (its own prompt layer) — the next request of this same run, as the loop asks before each request.
  await view.getByRole('button', { name: 'Tell the model' }).click();
  await expect(view.locator('#tell-out')).toHaveText('context given');
  await expect(page.getByLabel('Context for the model')).toContainText('The person is looking at card 2 of the board.');
  await pinAsk.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(assistantMessages(page).last()).toContainText('Board up.', { timeout: 30_000 });
  await waitForIdle(page);
  const systemText = (i: number) => JSON.stringify(mock.requests[i]?.body.messages?.[0] ?? {});
  expect(mock.requests.length - firstRequest).toBe(3);
  expect(systemText(firstRequest + 1)).not.toContain('card 2 of the board');
  expect(systemText(firstRequest + 2)).toContain('Context from MCP App views');
  expect(systemText(firstRequest + 2)).toContain('The person is looking at card 2 of the board.');

  // The View's message waits for the person; sent, it starts a turn with that text.
  mock.script([{ kind: 'text', content: 'Got the view message.' }]);
  await view.getByRole('button', { name: 'Send a message' }).click();
  const ask = page.getByRole('group', { name: 'The view wants to send a message' });
  await expect(ask.getByLabel('View message'))
    .toHaveText('Hello from the board view')
    .catch(async (error: unknown) => {
      // Say what the View itself saw (its bridge status and the answer it got), so a failure names its side.
      const said = async (id: string) =>
        view
          .locator(id)
          .textContent({ timeout: 1_000 })
          .catch(() => '(gone)');
      throw new Error(
        `${String(error)}\nView status: ${await said('#status')}; its message: ${await said('#say-out')}`,
      );
    });
  await ask.getByRole('button', { name: 'Send view message' }).click();
  await expect(view.locator('#say-out')).toHaveText('message sent');
  await expect(assistantMessages(page).last()).toContainText('Got the view message.', { timeout: 30_000 });
  await waitForIdle(page);
  const last = mock.requests.at(-1);
  expect(JSON.stringify(last?.body.messages ?? [])).toContain('Hello from the board view');
  const system = JSON.stringify(last?.body.messages?.[0] ?? {});
  expect(system).toContain('Context from MCP App views');
  expect(system).toContain('The person is looking at card 2 of the board.');
  expect(JSON.stringify(mock.requests[0]?.body.messages ?? [])).not.toContain('card 2 of the board');

  // Every request of the View is an event of the session on the timeline's View lane, after the run that opened
  // it, with its JSON-RPC in the details; the person's approval of the message is one too.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const lane = page.getByRole('region', { name: 'View lane' });
  const events = lane.getByRole('list', { name: 'View events' });
  await expect(
    events.getByRole('button', { name: /^show_board view · ui\/update-model-context · ok · during run 1, at .*$/ }),
  ).toBeVisible();
  await expect(
    events.getByRole('button', { name: /^show_board view · approval of ui\/message · approved · / }),
  ).toBeVisible();
  await events.getByRole('button', { name: /^show_board view · ui\/message · ok · / }).click();
  const rpc = lane.getByRole('region', { name: 'View event details' }).getByLabel('View event JSON-RPC');
  await expect(rpc).toContainText('"method": "ui/message"');
  await expect(rpc).toContainText('Hello from the board view');
  // The same events are points on the chart, in a row for the View, each opening its JSON-RPC in the details, and
  // they are in the SVG export.
  const chart = page.getByRole('region', { name: 'Timeline' });
  await chart
    .getByRole('button', { name: /^show_board view · ui\/update-model-context · ok · during run 1, at / })
    .click();
  await expect(page.getByRole('complementary', { name: 'Details' }).getByLabel('View event JSON-RPC')).toContainText(
    'The person is looking at card 2 of the board.',
  );
  await page.getByRole('button', { name: 'Export timeline' }).click();
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'SVG image' }).click(),
  ]);
  const svg = await readFile((await svgDownload.path())!, 'utf8');
  expect(svg).toContain('>show_board view</text>');
  expect(svg).toMatch(/<title>show_board view · ui\/message · ok · [^<]*<\/title><circle /);
  await expectNoAxeViolations(page, 'timeline with View events', [{ scheme: 'dark', width: 1280 }]);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.locator('.tool-card[data-call-id="call_board"]').scrollIntoViewIfNeeded();
  await expect(view.locator('#result')).toContainText('board for beta');

  const sandboxFrames = () => page.frames().filter((f) => f.url().endsWith('/mcp-app-sandbox.html')).length;
  expect(sandboxFrames()).toBe(1);
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.locator(`iframe[title="${VIEW_TITLE}"]`)).toHaveCount(0);
  await expect.poll(sandboxFrames).toBe(0);

  await page.goBack();
  await page.locator('.tool-card[data-call-id="call_board"]').scrollIntoViewIfNeeded();
  await expect(view.locator('#status')).toContainText('connected to Toolscope');
  await expect(view.locator('#result')).toContainText('board for beta');

  // After a reload the call's stored View reference brings the View back (read again from its server), with the
  // stored result, structured content included.
  await page.reload();
  // A View starts when it comes near the viewport; the reload opens the chat at its end.
  await page.locator('.tool-card[data-call-id="call_board"]').scrollIntoViewIfNeeded();
  await expect(view.locator('#status')).toContainText('connected to Toolscope', { timeout: 20_000 });
  await expect(view.locator('#input')).toContainText('"label":"beta"');
  await expect(view.locator('#result')).toContainText('board for beta {"label":"beta","cards":3}');

  // The context it gave before the reload is shown under it again, and still goes with the session's next request.
  await expect(page.getByLabel('Context for the model')).toContainText('The person is looking at card 2 of the board.');
  mock.script([{ kind: 'text', content: 'Still the board.' }]);
  await sendMessage(page, 'after the reload');
  await expect(assistantMessages(page).last()).toContainText('Still the board.', { timeout: 30_000 });
  await waitForIdle(page);
  expect(JSON.stringify(mock.requests.at(-1)?.body.messages?.[0] ?? {})).toContain(
    'The person is looking at card 2 of the board.',
  );

  // The View lane is stored with the session: after the reload it still lists what the View did before it, and
  // the View's teardown when the person left the session.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(
    events.getByRole('button', { name: /^show_board view · ui\/update-model-context · ok · during run 1, at .*$/ }),
  ).toBeVisible();
  await expect(
    events.getByRole('button', { name: /^show_board view · approval of ui\/message · approved · / }),
  ).toBeVisible();
  await expect(
    events.getByRole('button', { name: /^show_board view · ui\/resource-teardown · notice · / }).first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();

  // With its server gone the card says so in a sentence, and keeps the text result.
  await apps.close();
  await page.reload();
  const card = page.locator('.tool-card[data-call-id="call_board"]');
  await expect(card.getByRole('alert')).toContainText('is not connected, so its view cannot be shown');
  await expandToolCard(card);
  await expect(card.getByRole('group', { name: 'Result', exact: true })).toContainText('board for beta');
});

// The official example Apps published with the extension; each exports its server factory (its program listens on
// every interface, so the factory is served on loopback here).
const officialExamples = [
  { label: 'vanilla-JS', load: () => import('@modelcontextprotocol/server-basic-vanillajs') },
  { label: 'React', load: () => import('@modelcontextprotocol/server-basic-react') },
];

for (const { label, load } of officialExamples)
  test(`the official ${label} example App renders and its button calls its tool through the host`, async ({
    page,
    mock,
  }) => {
    test.setTimeout(90_000);
    const { createServer } = await load();
    // The example bundles its own copy of the v2 server SDK (2.0.0); the handler only needs its McpServer's surface.
    const example = await startAppsMcpServer({ factory: () => createServer() as unknown as McpServer });
    try {
      await openConfiguredApp(page, mock);
      await addMcpServer(page, { url: example.url, name: 'example' }, '2025-11-25');
      await page.getByRole('tab', { name: 'Chat' }).click();
      mock.script([
        { kind: 'tool_calls', calls: [{ id: 'call_time', name: 'example__get-time', arguments: {} }] },
        { kind: 'text', content: 'Here is the time.' },
      ]);
      await sendMessage(page, 'what time is it on the server?');
      // The example's tool says nothing of being read-only, so the model's call asks first, and so does the View's.
      await page
        .getByRole('group', { name: 'Approve example__get-time?' })
        .getByRole('button', { name: 'Approve', exact: true })
        .click();
      await expect(assistantMessages(page).last()).toContainText('Here is the time.', { timeout: 30_000 });
      await waitForIdle(page);
      const card = page.locator('.tool-card[data-call-id="call_time"]');
      const view = page.frameLocator('iframe[title="example — get-time view"]');
      // The View shows the time from the tool result the host handed it.
      // Both examples show it in the <code> after "Server Time:" (the vanilla one by id, the React one by a hashed class).
      const time = view.locator('p', { hasText: 'Server Time:' }).locator('code');
      await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/, { timeout: 20_000 });
      const first = await time.textContent();
      await view.getByRole('button', { name: 'Get Server Time' }).click();
      const ask = card.getByRole('group', { name: 'The view wants to call get-time' });
      await ask.getByRole('button', { name: 'Allow view call' }).click();
      await expect(time).not.toHaveText(first ?? '');
      await card.getByText(/^View requests \(/).click();
      await expect(card.getByRole('list', { name: 'View requests' })).toContainText('tools/call · ok');
    } finally {
      await example.close();
    }
  });
