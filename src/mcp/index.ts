/*
 * The MCP layer's SDK-free surface: types, the name mapping, the tool adapter and result conversion. Importing this
 * costs no SDK bytes; connecting goes through loadMcpRuntime() (load-mcp.ts).
 */
export type * from './types';
export { mapToolNames, type ToolNameEntry } from './tool-names';
export { createMcpToolHandles, toRunResult } from './tool-handles';
export { toCallOutcome } from './tool-result';
export type * from './auth/auth-types';
