import type { Plugin } from 'vite';

/** The page side of MCP (src/store/mcp/): modules whose only work at import is creating their own store. */
export const STORE_MCP_MODULES = /\/src\/store\/mcp\/.+\.ts$/;

/**
 * Tells the bundler that importing these modules does nothing but define their exports, so a module none of whose
 * exports a chunk uses is left out of it. That is what lets src/ui import MCP state through one face,
 * src/store/mcp/mcp-face.ts, without that face pulling every MCP store into the first load: a zustand `create(...)`
 * call at a module's top level otherwise counts as a side effect and keeps the whole module (architecture.md,
 * "Speed targets": first load). A module that must act on import (install a listener) does not belong there.
 */
export function sideEffectFreePlugin(modules: RegExp = STORE_MCP_MODULES): Plugin {
  return {
    name: 'toolscope:side-effect-free',
    transform: {
      filter: { id: modules },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}
