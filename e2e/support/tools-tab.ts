/** The Tools view driven by accessible name: create code and HTTP tools, run one with "Try it". */
import { expect, type Page } from '@playwright/test';

export async function openToolsTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('heading', { name: 'Tools', exact: true })).toBeVisible();
}

type NewCodeTool = {
  name: string;
  code: string;
  parameters?: Record<string, unknown>;
  timeoutMs?: number;
  allowedOrigins?: string[];
  needsApproval?: boolean;
};

export function toolsPanel(page: Page) {
  return page.getByRole('tabpanel');
}

/** Creates and saves a code tool through the editor, leaving it selected. */
export async function createCodeTool(page: Page, tool: NewCodeTool): Promise<void> {
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'New tool' }).click();
  await panel.getByRole('textbox', { name: 'Tool name' }).fill(tool.name);
  await panel.getByRole('textbox', { name: 'Description' }).fill(`Test tool ${tool.name}`);
  if (tool.parameters)
    await panel.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill(JSON.stringify(tool.parameters));
  await panel.getByRole('textbox', { name: 'Code', exact: true }).fill(tool.code);
  if (tool.timeoutMs !== undefined)
    await panel.getByRole('textbox', { name: 'Timeout (ms)' }).fill(String(tool.timeoutMs));
  if (tool.allowedOrigins)
    await panel.getByRole('textbox', { name: 'Allowed origins (one per line)' }).fill(tool.allowedOrigins.join('\n'));
  if (tool.needsApproval) await panel.getByRole('checkbox', { name: 'Needs approval' }).check();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(
    panel
      .getByRole('status')
      .filter({ hasText: 'Saved.' })
      .or(panel.getByRole('heading', { name: 'Try it' })),
  ).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Try it' })).toBeVisible();
}

/** Fills the arguments, presses Run and waits for the result; returns its text and whether it was an error. */
export async function tryIt(page: Page, args: unknown = {}, timeout = 30_000): Promise<{ ok: boolean; text: string }> {
  const panel = toolsPanel(page);
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args));
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  const result = panel.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout });
  const text = (await result.getByTestId('tool-result-content').textContent()) ?? '';
  const ok = (await result.getByText('OK', { exact: true }).count()) > 0;
  return { ok, text };
}

/** Creates and saves a GET HTTP tool through the editor. */
export async function createHttpTool(
  page: Page,
  tool: { name: string; urlTemplate: string; parameters: Record<string, unknown> },
): Promise<void> {
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'New tool' }).click();
  await panel.getByRole('textbox', { name: 'Tool name' }).fill(tool.name);
  await panel.getByRole('textbox', { name: 'Description' }).fill(`Test tool ${tool.name}`);
  await panel.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill(JSON.stringify(tool.parameters));
  await panel.getByRole('combobox', { name: 'Kind' }).selectOption('http');
  await panel.getByRole('textbox', { name: 'URL template' }).fill(tool.urlTemplate);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('heading', { name: 'Try it' })).toBeVisible();
}

/** Presses Run with `args` and waits for the result; returns the section, its headline and its text. */
export async function runTry(page: Page, args: unknown, timeout = 30_000) {
  const panel = toolsPanel(page);
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args));
  const run = panel.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  const result = panel.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout });
  const headline = (await result.locator('p strong').first().textContent()) ?? '';
  const text = (await result.getByTestId('tool-result-content').textContent()) ?? '';
  return { result, headline, text };
}

/** UTF-8 bytes of `text` before the truncation marker, if any. */
export function keptBytes(text: string): number {
  return Buffer.byteLength(text.replace(/\n…\[output truncated: (at least )?\d+ bytes omitted\]$/, ''), 'utf8');
}
