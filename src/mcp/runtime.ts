/**
 * Everything of the MCP layer that needs the SDK at run time. The app reaches it only through loadMcpRuntime()
 * (load-mcp.ts), so the client is fetched on first use and never weighs on the page's first load.
 */
export { connectMcpServer, type McpConnectOptions, type McpConnection } from './connection';
export { browserNoCorsProbe } from './no-cors-probe';
export { createMcpSignIn, type McpSignIn } from './auth/sign-in';
export { parseAuthorizationCallback } from './auth/callback';
