import type { ToolscopeDB } from './database';

/** Every key sign-in stores starts with this (tokens, client registrations, a sign-in under way). */
export const MCP_AUTH_KEY_PREFIX = 'mcp-auth:';

/**
 * Where MCP sign-in keeps what it must remember: the secrets table, which no export, log or tool reads, so tokens
 * never leave the device. Values are JSON; keys come from the MCP layer (tokens per server and issuer). The shape
 * matches the MCP layer's McpAuthStore port without importing it (architecture.md, layers).
 */
export function createMcpAuthStore(db: ToolscopeDB): {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
} {
  const own = (key: string) => (key.startsWith(MCP_AUTH_KEY_PREFIX) ? key : `${MCP_AUTH_KEY_PREFIX}${key}`);
  return {
    async get(key) {
      const raw = (await db.secrets.get(own(key)))?.value;
      if (raw === undefined) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      await db.secrets.put({ key: own(key), value: JSON.stringify(value) });
    },
    async delete(key) {
      await db.secrets.delete(own(key));
    },
  };
}
