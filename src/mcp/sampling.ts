/**
 * Legacy sampling (2025-11-25; deprecated in 2026-07-28): a server running a tool asks the client's model for a
 * completion. The capability is declared only when the app gives a callback; the person approves each request
 * (the callback shows it and runs it); a refusal goes back as a JSON-RPC error, as the specification asks.
 */
// Before the SDK's zod schemas are first used: no eval probe under the page's CSP (zod-jitless.ts).
import './zod-jitless';
import {
  ProtocolError,
  type ClientContext,
  type CreateMessageRequest,
  type CreateMessageResult,
} from '@modelcontextprotocol/client';
import type { McpSamplingRequest, SampleCallback } from './types';

/** The error code MCP clients use for a sampling request the person refused. */
const USER_REJECTED = -1;

export function samplingHandler(sample: SampleCallback, server: () => { url: string; name?: string }) {
  return async (request: CreateMessageRequest, ctx: ClientContext): Promise<CreateMessageResult> => {
    const params = request.params;
    const { url, name } = server();
    const asked: McpSamplingRequest = {
      serverUrl: url,
      ...(name !== undefined ? { serverName: name } : {}),
      messages: params.messages.map((m) => ({ role: m.role, text: textOf(m.content) })),
      ...(params.systemPrompt !== undefined ? { systemPrompt: params.systemPrompt } : {}),
      maxTokens: params.maxTokens,
    };
    const answer = await sample(asked, ctx.mcpReq.signal);
    if (answer.action === 'deny') throw new ProtocolError(USER_REJECTED, 'The user denied the sampling request.');
    return {
      role: 'assistant',
      content: { type: 'text', text: answer.text },
      model: answer.model,
      stopReason: answer.stopReason,
    };
  };
}

function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((b: unknown) => {
      if (typeof b !== 'object' || b === null) return '';
      const block = b as { type?: string; text?: unknown; mimeType?: string };
      return block.type === 'text' && typeof block.text === 'string'
        ? block.text
        : `[${block.type ?? 'content'}${block.mimeType !== undefined ? ` ${block.mimeType}` : ''}]`;
    })
    .join('\n');
}
