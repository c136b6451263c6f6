/** Loads the MCP client on first use: a separate chunk, outside the startup bundle. */
export function loadMcpRuntime(): Promise<typeof import('./runtime')> {
  return import('./runtime');
}
