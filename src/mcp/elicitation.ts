/**
 * Elicitation, both generations, through one callback: a 2025-11-25 server sends `elicitation/create` while its
 * tool runs; a 2026-07-28 server answers the call with `input_required` and the SDK retries it with the answers.
 * The SDK routes both through the same request handler, so this adapter serves both. URL mode is declared only
 * when the app can ask the person about a link; a URL-mode request without that is declined, never opened.
 */
import type { ClientContext, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import type { ElicitCallback, ElicitUrlCallback, McpElicitRequest, McpElicitValue } from './types';

export function elicitationHandler(
  elicit: ElicitCallback,
  server: () => { url: string; name?: string },
  elicitUrl?: ElicitUrlCallback,
) {
  return async (request: ElicitRequest, ctx: ClientContext): Promise<ElicitResult> => {
    const params = request.params;
    const { url, name } = server();
    if (params.mode === 'url') {
      if (elicitUrl === undefined) return { action: 'decline' };
      const answer = await elicitUrl(
        {
          serverUrl: url,
          ...(name !== undefined ? { serverName: name } : {}),
          message: params.message,
          url: params.url,
        },
        ctx.mcpReq.signal,
      );
      return { action: answer.action };
    }
    const schema = params.requestedSchema;
    const asked: McpElicitRequest = {
      serverUrl: url,
      ...(name !== undefined ? { serverName: name } : {}),
      message: params.message,
      requestedSchema: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, { ...value }])),
        ...(schema.required !== undefined ? { required: [...schema.required] } : {}),
      },
    };
    const answer = await elicit(asked, ctx.mcpReq.signal);
    if (answer.action !== 'accept') return { action: answer.action };
    return { action: 'accept', content: cleanContent(answer.content) };
  };
}

/** Only the value types a form answer may hold go back to the server. */
function cleanContent(content: Record<string, McpElicitValue>): Record<string, McpElicitValue> {
  const out: Record<string, McpElicitValue> = {};
  for (const [key, value] of Object.entries(content)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[key] = [...value];
  }
  return out;
}
