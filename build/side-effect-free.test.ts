import { describe, expect, it } from 'vitest';
import { STORE_MCP_MODULES } from './side-effect-free';

describe('the modules the build treats as free of import side effects', () => {
  it('are the page side of MCP, the face included, and nothing else', () => {
    expect(STORE_MCP_MODULES.test('/repo/src/store/mcp/mcp-face.ts')).toBe(true);
    expect(STORE_MCP_MODULES.test('/repo/src/store/mcp/connections/registry.ts')).toBe(true);
    // The spine, other stores, the engine and the UI keep the default: their import order may matter.
    for (const id of [
      '/repo/src/store/run/run-store.ts',
      '/repo/src/store/ui-store.ts',
      '/repo/src/mcp/index.ts',
      '/repo/src/ui/mcp/apps/app-view-slot.tsx',
      '/repo/src/store/mcp.css',
    ]) {
      expect(STORE_MCP_MODULES.test(id)).toBe(false);
    }
  });
});
