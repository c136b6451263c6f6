/** MCP servers in the Tools view, driven by accessible name: add one, wait until it is connected. */
import { expect, type Page } from '@playwright/test';
import { openToolsTab, toolsPanel } from './tools-tab';

/** Adds a server through "Add MCP server" and waits for its state to say it is connected, with this revision. */
export async function addMcpServer(
  page: Page,
  server: { url: string; name: string; headers?: string },
  revision: string,
): Promise<void> {
  await openToolsTab(page);
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  await panel.getByRole('textbox', { name: 'MCP server URL' }).fill(server.url);
  await panel.getByRole('textbox', { name: 'Name (optional)' }).fill(server.name);
  if (server.headers !== undefined) await panel.getByRole('textbox', { name: /^Headers/ }).fill(server.headers);
  await panel.getByRole('button', { name: 'Connect' }).click();
  const state = mcpServerState(page, server.name);
  await expect(state).toContainText('Connected to', { timeout: 30_000 });
  await expect(state).toContainText(`protocol ${revision}`);
}

/** The state line of a server shown in the detail pane. */
export function mcpServerState(page: Page, name: string) {
  return toolsPanel(page)
    .getByRole('region', { name: `MCP server ${name}` })
    .getByRole('status');
}
