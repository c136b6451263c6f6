/**
 * The client under test for the MCP conformance suite: a Node entry of the app's own MCP layer (src/mcp), driven
 * the way the app drives it. The suite starts this once per scenario with the scenario's server URL as the last
 * argument and the scenario's name in MCP_CONFORMANCE_SCENARIO; it exits 0 when the flow completed.
 *
 * Where the app would ask a person (an elicitation form, a sign-in page), a scripted person answers: it accepts a
 * form as the app shows it (defaults filled in) and follows the authorization server's redirect.
 */
import { connectMcpServer, type McpConnection } from '../src/mcp/connection';
import type { McpElicitRequest, McpElicitResponse, McpElicitValue } from '../src/mcp/types';
import { isAuthScenario, runAuthScenario } from './auth-scenarios';

type Flow = (connection: McpConnection) => Promise<void>;

const callFirstTool: Flow = async (connection) => {
  const tools = await connection.listTools();
  const first = tools[0];
  if (first !== undefined) await call(connection, first.name, { a: 2, b: 3 });
};

const listOnly: Flow = async (connection) => {
  await connection.listTools();
};

/** The calls a scenario asks for in its context, or else every listed tool once, in list order, with no arguments. */
const callEachTool: Flow = async (connection) => {
  const tools = await connection.listTools();
  const asked = contextToolCalls();
  for (const { name, args } of asked ?? tools.map((t) => ({ name: t.name, args: {} })))
    await call(connection, name, args);
};

function contextToolCalls(): Array<{ name: string; args: Record<string, unknown> }> | null {
  const text = process.env.MCP_CONFORMANCE_CONTEXT;
  if (text === undefined) return null;
  const context: unknown = JSON.parse(text);
  if (typeof context !== 'object' || context === null || !('toolCalls' in context) || !Array.isArray(context.toolCalls))
    return null;
  return context.toolCalls.flatMap((c: unknown) =>
    typeof c === 'object' && c !== null && 'name' in c && typeof c.name === 'string'
      ? [
          {
            name: c.name,
            args: 'arguments' in c && typeof c.arguments === 'object' && c.arguments !== null ? { ...c.arguments } : {},
          },
        ]
      : [],
  );
}

const echoSchema: Flow = async (connection) => {
  const tools = await connection.listTools();
  const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
  if (focal === undefined) throw new Error('The server did not list json_schema_2020_12_tool.');
  await call(connection, 'json_schema_echo', { schema: focal.inputSchema });
};

const FLOWS: Record<string, Flow> = {
  initialize: callFirstTool,
  tools_call: callFirstTool,
  'request-metadata': listOnly,
  'json-schema-ref-no-deref': listOnly,
  'json-schema-2020-12-preservation': echoSchema,
  'elicitation-sep1034-client-defaults': callEachTool,
  'sse-retry': callEachTool,
  'http-standard-headers': callEachTool,
  'http-custom-headers': callEachTool,
  'http-invalid-tool-headers': callEachTool,
  'sep-2322-client-request-state': callEachTool,
};

async function call(connection: McpConnection, name: string, args: Record<string, unknown>): Promise<void> {
  const result = await connection.callTool(name, args, { signal: new AbortController().signal, timeoutMs: 20_000 });
  process.stderr.write(`${name}: ${result.isError ? 'tool error' : 'ok'}\n`);
}

/** The scripted person: accepts the form as the app presents it, every default already filled in. */
async function acceptPrefilled(request: McpElicitRequest): Promise<McpElicitResponse> {
  const content: Record<string, McpElicitValue> = {};
  for (const [key, field] of Object.entries(request.requestedSchema.properties)) {
    const value = field.default;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') content[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) content[key] = value;
  }
  return { action: 'accept', content };
}

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const url = process.argv.at(-1) ?? '';
  if (isAuthScenario(scenario)) {
    await runAuthScenario(scenario, url);
    return;
  }
  const flow = FLOWS[scenario];
  if (flow === undefined) throw new Error(`No flow for scenario "${scenario}".`);
  const result = await connectMcpServer({
    url,
    pageOrigin: null,
    elicit: acceptPrefilled,
    timeoutMs: 20_000,
    clientInfo: { name: 'toolscope-conformance', version: '0.1.0' },
  });
  if (result.status !== 'connected') throw new Error(`Could not connect: ${JSON.stringify(result)}`);
  try {
    await flow(result.connection);
  } finally {
    await result.connection.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
