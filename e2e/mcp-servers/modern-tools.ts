import { randomBytes } from 'node:crypto';
import {
  acceptedContent,
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  McpServer,
  type CallToolResult,
  type InputRequiredResult,
  type JsonSchemaType,
} from '@modelcontextprotocol/server';
import { registerModernPrompts } from './modern-prompts';
import { registerModernResources } from './modern-resources';

const ECHO_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** What a tool of the test server noticed, for tests that assert on the server side (a cancel, say). */
export type ToolEvent =
  | { kind: 'started'; tool: string; at: number }
  | { kind: 'cancelled'; tool: string; reason: string; at: number }
  | { kind: 'finished'; tool: string; at: number };

type ToolsContext = {
  record(event: ToolEvent): void;
  /** Tools added while the server runs (announced through subscriptions/listen). */
  extraTools(): readonly string[];
  /** The note resource's text; no resources are offered without it. */
  note?: () => string;
};

// A 1x1 transparent PNG and a 44-byte silent WAV: small, valid media for the content-type tests.
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TINY_WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const obj = (properties: Record<string, JsonSchemaType>, required: string[] = []): JsonSchemaType => ({
  type: 'object',
  properties,
  required,
});

type AskState = { step: 'confirm'; name: string };

/** Builds the test server's tools; a fresh McpServer per request, as the 2026-07-28 entry requires. */
export function buildModernServer(ctx: ToolsContext, stateKey: Uint8Array = randomBytes(32)): McpServer {
  const codec = createRequestStateCodec<AskState>({ key: stateKey });
  const server = new McpServer(
    { name: 'toolscope-modern-test', version: '1.2.3' },
    {
      // Subscriptions are declared only with the note resource, so other tests see the server as before.
      capabilities: { logging: {}, ...(ctx.note !== undefined ? { resources: { subscribe: true } } : {}) },
      requestState: { verify: codec.verify },
      cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } },
    },
  );

  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Says the text back.',
      inputSchema: fromJsonSchema(obj({ text: { type: 'string' } }, ['text'])),
      annotations: { readOnlyHint: true },
      // One icon the page may show (a 1x1 PNG as data:) and one it must not (plain http).
      icons: [{ src: 'http://icons.invalid/echo.png' }, { src: ECHO_ICON, mimeType: 'image/png' }],
    },
    async (args) => text(`echo: ${String((args as { text?: unknown }).text)}`),
  );

  server.registerTool(
    'untagged',
    { description: 'A tool the server gives no annotations.', inputSchema: fromJsonSchema(obj({})) },
    async () => text('untagged ran'),
  );

  server.registerTool(
    'ask-name',
    {
      description: 'Asks the user for a name, then asks to confirm, then greets (two rounds of input).',
      inputSchema: fromJsonSchema(obj({})),
      annotations: { readOnlyHint: true },
    },
    async (_args, c): Promise<CallToolResult | InputRequiredResult> => {
      const state = c.mcpReq.requestState<AskState>();
      if (state === undefined) {
        const view = inputResponse(c.mcpReq.inputResponses, 'name');
        if (view.kind === 'elicit' && view.action !== 'accept')
          return text(`No greeting: the user chose ${view.action}.`);
        const given = acceptedContent<{ name?: unknown }>(c.mcpReq.inputResponses, 'name');
        if (typeof given?.name !== 'string') {
          return inputRequired({
            inputRequests: {
              name: inputRequired.elicit({
                message: 'Who should be greeted?',
                requestedSchema: {
                  type: 'object',
                  properties: { name: { type: 'string', title: 'Your name' } },
                  required: ['name'],
                },
              }),
            },
          });
        }
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Greet ${given.name}?`,
              requestedSchema: {
                type: 'object',
                properties: { confirm: { type: 'boolean', title: 'Send the greeting' } },
                required: ['confirm'],
              },
            }),
          },
          requestState: await codec.mint({ step: 'confirm', name: given.name }),
        });
      }
      const confirm = acceptedContent<{ confirm?: unknown }>(c.mcpReq.inputResponses, 'confirm');
      return text(confirm?.confirm === true ? `Hello, ${state.name}!` : `Not greeting ${state.name}.`);
    },
  );

  server.registerTool(
    'slow',
    {
      description: 'Works until cancelled or until `ms` pass, reporting progress when asked.',
      inputSchema: fromJsonSchema(obj({ ms: { type: 'number' } })),
      annotations: { readOnlyHint: true },
    },
    async (args, c) => {
      const ms = typeof (args as { ms?: unknown }).ms === 'number' ? (args as { ms: number }).ms : 30_000;
      const signal = c.mcpReq.signal;
      ctx.record({ kind: 'started', tool: 'slow', at: Date.now() });
      await c.mcpReq.log('info', 'slow tool started', 'slow');
      const token = c.mcpReq._meta?.progressToken;
      const started = Date.now();
      let step = 0;
      while (Date.now() - started < ms && !signal.aborted) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        step += 1;
        if (token !== undefined && !signal.aborted) {
          await c.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, message: `step ${step}` },
          });
        }
      }
      if (signal.aborted) {
        ctx.record({ kind: 'cancelled', tool: 'slow', reason: String(signal.reason), at: Date.now() });
        return text('cancelled');
      }
      ctx.record({ kind: 'finished', tool: 'slow', at: Date.now() });
      return text(`done after ${step} steps`);
    },
  );

  server.registerTool(
    'media',
    {
      description: 'Returns one block of each content type.',
      inputSchema: fromJsonSchema(obj({})),
      annotations: { readOnlyHint: true },
    },
    async () => ({
      content: [
        { type: 'text', text: 'Here is everything.' },
        { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
        { type: 'audio', data: TINY_WAV, mimeType: 'audio/wav' },
        {
          type: 'resource_link',
          uri: 'test://docs/readme',
          name: 'readme',
          mimeType: 'text/markdown',
          description: 'The read-me',
        },
        { type: 'resource', resource: { uri: 'test://docs/note', mimeType: 'text/plain', text: 'An embedded note.' } },
        {
          type: 'resource',
          resource: { uri: 'test://docs/blob', mimeType: 'application/octet-stream', blob: 'AAECAw==' },
        },
      ],
    }),
  );

  server.registerTool(
    'weather',
    {
      description: 'Structured weather.',
      inputSchema: fromJsonSchema(obj({ city: { type: 'string' } }, ['city'])),
      outputSchema: fromJsonSchema(
        obj({ temperature: { type: 'number' }, conditions: { type: 'string' } }, ['temperature', 'conditions']),
      ),
      annotations: { readOnlyHint: true },
    },
    async () => ({
      content: [{ type: 'text', text: '{"temperature":21,"conditions":"sunny"}' }],
      structuredContent: { temperature: 21, conditions: 'sunny' },
    }),
  );

  server.registerTool(
    'fails',
    {
      description: 'Always reports a tool error.',
      inputSchema: fromJsonSchema(obj({})),
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    async () => ({ content: [{ type: 'text', text: 'The database is down.' }], isError: true }),
  );

  server.registerTool(
    'big',
    {
      description: 'Returns 100 KB of text.',
      inputSchema: fromJsonSchema(obj({})),
      annotations: { readOnlyHint: true },
    },
    async () => text('x'.repeat(100 * 1024)),
  );

  // Names that collide once made into model function names, and one too long for them.
  for (const name of ['lookup.user', 'lookup_user', `very-long-${'n'.repeat(90)}`]) {
    server.registerTool(name, { description: `The tool ${name}.`, inputSchema: fromJsonSchema(obj({})) }, async () =>
      text(name),
    );
  }

  for (const name of ctx.extraTools()) {
    server.registerTool(
      name,
      { description: `Added later: ${name}.`, inputSchema: fromJsonSchema(obj({})) },
      async () => text(name),
    );
  }
  registerModernPrompts(server);
  if (ctx.note !== undefined) registerModernResources(server, ctx.note);
  return server;
}
