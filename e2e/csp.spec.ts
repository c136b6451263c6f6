/**
 * The built page's Content-Security-Policy forbids eval, and everything that needs Ajv still works: tool schemas
 * are compiled in the validation worker, the export schema is code generated at build time.
 */
import { expect, test } from './fixtures';
import { recordViolations, violations } from './support/csp-violations';
import { assistantMessages, sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { conversation } from './support/sent-requests';
import { openApp, openConfiguredApp } from './support/configured-app';
import { createCodeTool, openToolsTab, toolsPanel } from './support/tools-tab';

const numberParams = {
  type: 'object',
  properties: { n: { type: 'number', minimum: 0 } },
  required: ['n'],
  additionalProperties: false,
};

test('the page policy has no unsafe-eval, and eval on the page is refused', async ({ page }) => {
  await recordViolations(page);
  await openApp(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).not.toContain("'unsafe-eval'");

  // Code Playwright evaluates directly is exempt from the policy (DevTools may eval), so the attempts run in a
  // later task of the page's own, as any script of the page would.
  const attempts = await page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve) => {
        const attempt = (f: () => unknown) => {
          try {
            return `ran: ${String(f())}`;
          } catch (e) {
            return e instanceof Error ? e.name : String(e);
          }
        };
        setTimeout(() => resolve({ eval: attempt(() => eval('1')), fn: attempt(() => new Function('return 2')()) }), 0);
      }),
  );
  expect(attempts).toEqual({ eval: 'EvalError', fn: 'EvalError' });
  await expect.poll(() => violations(page)).toEqual(['script-src eval', 'script-src eval']);
});

test('tool schemas are still checked: on save, live in Try it, and at call time in a run', async ({ page, mock }) => {
  await recordViolations(page);
  await openConfiguredApp(page, mock);
  await openToolsTab(page);
  const panel = toolsPanel(page);

  // On save, a schema Ajv cannot compile (the $ref leads nowhere) is refused next to the field.
  await panel.getByRole('button', { name: 'New tool' }).click();
  await panel.getByRole('textbox', { name: 'Tool name' }).fill('broken_ref');
  await panel.getByRole('textbox', { name: 'Description' }).fill('Has a dangling $ref');
  await panel
    .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
    .fill(JSON.stringify({ type: 'object', properties: { a: { $ref: '#/definitions/nowhere' } } }));
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.locator('#tool-parameters-errors')).toContainText(/resolve reference/);
  await expect(panel.getByText('Fix the errors shown next to the fields.')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Try it' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Delete' }).click();

  await createCodeTool(page, { name: 'double_it', code: 'return args.n * 2;', parameters: numberParams });

  // Live: each failing path with its message, and Run stays disabled until the arguments fit.
  const args = panel.getByRole('textbox', { name: 'Arguments (JSON)' });
  const run = panel.getByRole('button', { name: 'Run', exact: true });
  await args.fill('{"n":"x","extra":1}');
  await expect(panel.locator('#tool-args-errors')).toContainText('/n: must be number');
  await expect(panel.locator('#tool-args-errors')).toContainText('/extra: is not an allowed property');
  await expect(run).toBeDisabled();
  await args.fill('{"n":-1}');
  await expect(panel.locator('#tool-args-errors')).toHaveText('/n: must be >= 0');
  await args.fill('{"n":21}');
  // The list stays in the page (the field's description points at it), empty once the arguments fit.
  await expect(panel.locator('#tool-args-errors li')).toHaveCount(0);
  await run.click();
  await expect(panel.getByRole('region', { name: 'Result' }).getByTestId('tool-result-content')).toHaveText('42');

  // In a run: the model's bad arguments come back to it as an error listing the path; its fixed call runs.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_bad', name: 'double_it', arguments: { n: 'seven' } }] },
    { kind: 'tool_calls', calls: [{ id: 'call_good', name: 'double_it', arguments: { n: 7 } }] },
    { kind: 'text', content: 'Fourteen.' },
  ]);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await sendMessage(page, 'double seven');
  await expect(assistantMessages(page).last()).toContainText('Fourteen.');
  await waitForIdle(page);
  await expandToolCard(toolCard(page, 'call_good'));
  await expect(toolCard(page, 'call_bad').getByLabel('Result', { exact: true })).toContainText('/n: must be number');
  await expect(toolCard(page, 'call_good').getByLabel('Result', { exact: true })).toHaveText('14');
  const afterBad = conversation(mock.requests[1]).filter((m) => m.role === 'tool');
  expect(String(afterBad[0]?.content)).toBe(
    'Error: the arguments for "double_it" do not match its schema:\n- /n: must be number\nArguments received: {"n":"seven"}',
  );

  expect(await violations(page)).toEqual([]);
});
