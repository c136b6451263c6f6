/**
 * What a code tool printed while the model ran it: the chat's tool card shows the console output (the run's record
 * keeps it), and a thrown error points at the line of the code as the user wrote it. While tools still run, the card
 * shows a code tool's lines as they are printed and an HTTP tool's bytes received, against a real slow server.
 */
import { expect, test } from './fixtures';
import { startServer } from './support/recording-server';
import { openConfiguredApp } from './support/configured-app';
import { sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { createCodeTool, createHttpTool, openToolsTab } from './support/tools-tab';

test("a tool card shows the tool's console output, and an error names the line of the user's code", async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'chatty',
    code: 'console.log("step", args.n);\nconsole.warn("careful");\nreturn args.n * 2;',
    parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  });
  await createCodeTool(page, { name: 'broken', code: 'const n = 1;\nthrow new Error("bad " + n);' });
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_log', name: 'chatty', arguments: { n: 21 } },
        { id: 'call_err', name: 'broken', arguments: {} },
      ],
    },
    { kind: 'text', content: 'Done.' },
  ]);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await sendMessage(page, 'go');
  await waitForIdle(page);

  const card = toolCard(page, 'call_log');
  await expandToolCard(card);
  await expect(card.getByLabel('Result', { exact: true })).toHaveText('42');
  await card.getByText('Logs (2)').click();
  await expect(card.getByLabel('Logs')).toHaveText('[log] step 21\n[warn] careful');

  const broken = toolCard(page, 'call_err');
  await expect(broken.getByLabel('Result', { exact: true })).toContainText('Error: bad 1');
  await expect(broken.getByLabel('Result', { exact: true })).toContainText('line 2, column');
  await expect(broken.getByLabel('Result', { exact: true })).not.toContainText('tool.js');
  await expect(broken.getByText(/^Logs/)).toHaveCount(0);

  // Live: the server holds both answers until told; the cards show progress while the tools wait on it.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slow = await startServer((req, res) => {
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '3000' });
      res.write('a'.repeat(1000));
      void released.then(() => res.end('b'.repeat(2000)));
    } else void released.then(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('slow answer'));
  });
  try {
    await page.getByRole('tab', { name: 'Tools' }).click();
    await createCodeTool(page, {
      name: 'waiter',
      code: `console.log("asking the server");\nconst r = await fetch("${slow.origin}/held");\nconsole.log("answered");\nreturn await r.text();`,
      allowedOrigins: [slow.origin],
    });
    await createHttpTool(page, {
      name: 'download',
      urlTemplate: `${slow.origin}/stream`,
      parameters: { type: 'object', properties: {} },
    });
    mock.script([
      {
        kind: 'tool_calls',
        calls: [
          { id: 'call_wait', name: 'waiter', arguments: {} },
          { id: 'call_dl', name: 'download', arguments: {} },
        ],
      },
      { kind: 'text', content: 'Both done.' },
    ]);
    await page.getByRole('tab', { name: 'Chat' }).click();
    await sendMessage(page, 'wait for it');
    const waiter = toolCard(page, 'call_wait');
    await expect(waiter.getByRole('log', { name: 'Live output' })).toHaveText('[log] asking the server');
    await expect(toolCard(page, 'call_dl').getByRole('status', { name: 'Bytes received' })).toHaveText(
      'Received 1,000 bytes of 3,000',
    );
    await expect(waiter.getByText('running', { exact: true })).toBeVisible();
    release();
    await waitForIdle(page);
    await expandToolCard(waiter);
    await expect(waiter.getByLabel('Result', { exact: true })).toHaveText('slow answer');
    await expect(waiter.getByRole('log', { name: 'Live output' })).toHaveCount(0);
    await waiter.getByText('Logs (2)').click();
    await expect(waiter.getByLabel('Logs')).toHaveText('[log] asking the server\n[log] answered');
    // The download finished whole (3,000 bytes, the last of them sent after the release), and its live line is gone.
    await expect(toolCard(page, 'call_dl').getByText('ok', { exact: true })).toBeVisible();
    await expect(toolCard(page, 'call_dl').getByRole('status', { name: 'Bytes received' })).toHaveCount(0);
  } finally {
    release();
    await slow.close();
  }
});
