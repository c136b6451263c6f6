/** Steps for driving the Tools view by accessible name. */
import { expect, type Page } from '@playwright/test';
import { readStores } from './persist-helpers';

export async function openToolsTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('heading', { name: 'Tools', exact: true })).toBeVisible();
}

export type NewCodeTool = {
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
  if (tool.parameters) await panel.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill(JSON.stringify(tool.parameters));
  await panel.getByRole('textbox', { name: 'Code', exact: true }).fill(tool.code);
  if (tool.timeoutMs !== undefined) await panel.getByRole('textbox', { name: 'Timeout (ms)' }).fill(String(tool.timeoutMs));
  if (tool.allowedOrigins) await panel.getByRole('textbox', { name: 'Allowed origins (one per line)' }).fill(tool.allowedOrigins.join('\n'));
  if (tool.needsApproval) await panel.getByRole('checkbox', { name: 'Needs approval' }).check();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Saved.' }).or(panel.getByRole('heading', { name: 'Try it' }))).toBeVisible();
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
export async function createHttpTool(page: Page, tool: { name: string; urlTemplate: string; parameters: Record<string, unknown> }): Promise<void> {
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

/**
 * What a sandbox escape would touch, read from IndexedDB directly: the remembered API key (secrets, key
 * 'apiKey', as src/db/secrets-repo.ts stores it) and the number of tools and sessions.
 */
export async function storedAppState(page: Page): Promise<{ apiKey: unknown; tools: number; sessions: number }> {
  const stores = await readStores(page, ['secrets', 'tools', 'sessions']);
  return {
    apiKey: (stores.secrets ?? []).find((r) => r.key === 'apiKey')?.value,
    tools: (stores.tools ?? []).length,
    sessions: (stores.sessions ?? []).length,
  };
}
