/*
 * The MCP layer's SDK-free surface: types, the name mapping, the tool adapter and result conversion. Importing this
 * costs no SDK bytes; connecting goes through loadMcpRuntime().
 */
export type * from './types';
export { loadMcpRuntime } from './load-mcp';
export { mapToolNames, MODEL_TOOL_NAME, type ToolNameEntry, type ToolNameMapping } from './tool-names';
export { approvalDefault, createMcpToolHandles, toRunResult, type McpToolHandle, type McpToolHandleOptions } from './tool-handles';
export { toCallOutcome } from './tool-result';
export { formatTraceparent } from './traceparent';
export type { McpCallOptions, McpConnectOptions, McpConnectResult, McpConnection } from './connection';
export type * from './auth/auth-types';
export type { BeginSignInResult, McpSignIn } from './auth/sign-in';
export { appOAuthUrls, clientMetadataDocument, CALLBACK_FILE, CLIENT_METADATA_FILE } from './auth/client-metadata';
