/**
 * Legacy MCP sampling for the app: the request waits in the chat for Approve / Deny (store/mcp-prompts.ts), and an
 * approved one runs on the open session's model and endpoint, as a one-off request without tools.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { db } from '../db/database';
import { getSession } from '../db/sessions-repo';
import type { McpSamplingRequest, McpSamplingResponse } from '../mcp/types';
import { runModelClient } from './lazy-model-client';
import { askMcpSampling } from './mcp-prompts';
import { apiKeyStore, useSettingsStore } from './settings-store';
import { useUiStore } from './ui-store';

export async function approveAndSample(request: McpSamplingRequest, signal: AbortSignal): Promise<McpSamplingResponse> {
  const decision = await askMcpSampling(request, signal);
  if (decision.action !== 'approve') return { action: 'deny' };
  const sessionId = useUiStore.getState().currentSessionId;
  const session = sessionId !== null ? await getSession(db, sessionId) : undefined;
  const model = session?.model || useSettingsStore.getState().defaults.model;
  const apiKey = (await apiKeyStore.getKey()) ?? '';
  const client = runModelClient({ apiKey, baseURL: useSettingsStore.getState().baseURL });
  const messages = [
    ...(request.systemPrompt !== undefined ? [{ role: 'system' as const, content: request.systemPrompt }] : []),
    ...request.messages.map((m) => ({ role: m.role, content: m.text })),
  ];
  let text = '';
  let finish: string | null = null;
  for await (const chunk of client.stream({ model, messages, stream: true, max_tokens: request.maxTokens }, { signal }) as AsyncIterable<ChatCompletionChunk>) {
    const choice = chunk.choices[0];
    text += choice?.delta.content ?? '';
    finish = choice?.finish_reason ?? finish;
  }
  return { action: 'approve', model, text, stopReason: finish === 'length' ? 'maxTokens' : 'endTurn' };
}
