/**
 * Legacy MCP sampling for the app: the request waits in the chat for Approve / Deny (store/mcp/asks/asks.ts), and an
 * approved one runs on the open session's model and endpoint, in the session's own wire format (Chat Completions
 * or the Responses API), as a one-off request without tools, under the same first-byte and idle timeouts as a run.
 */
import { streamAttempt } from '../../../agent/stream-attempt';
import { db } from '../../../db/database';
import { getSession } from '../../../db/sessions-repo';
import { DEFAULT_CONFIG } from '../../../domain/loop-config';
import { wireSettingsOf } from '../../../llm/api-format';
import type { McpSamplingRequest, McpSamplingResponse } from '../../../mcp/types';
import { openEndpoint } from '../../settings/endpoint-door';
import { askMcpSampling } from './asks';
import { useSettingsStore } from '../../settings/settings-store';
import { useUiStore } from '../../ui-store';

/** `onModelStart` hears when the approved request goes to the model (its time on the timeline starts there). */
export async function approveAndSample(
  request: McpSamplingRequest,
  signal: AbortSignal,
  onModelStart?: (t: number) => void,
): Promise<McpSamplingResponse> {
  const decision = await askMcpSampling(request, signal);
  if (decision.action !== 'approve') return { action: 'deny' };
  onModelStart?.(Date.now());
  const sessionId = useUiStore.getState().currentSessionId;
  const session = sessionId !== null ? await getSession(db, sessionId) : undefined;
  const model = session?.model || useSettingsStore.getState().defaults.model;
  const baseURL = useSettingsStore.getState().baseURL;
  const format = session !== undefined ? wireSettingsOf(session.settings, baseURL).format : 'chat';
  // The server's request alone: none of the session's provider tools or stored state go with it.
  const { client } = await openEndpoint({ baseURL, wire: { format, providerTools: [], providerStorage: false } });
  const messages = [
    ...(request.systemPrompt !== undefined ? [{ role: 'system' as const, content: request.systemPrompt }] : []),
    ...request.messages.map((m) => ({ role: m.role, content: m.text })),
  ];
  const outcome = await streamAttempt({
    model: client,
    request: { model, messages, stream: true, stream_options: { include_usage: true }, max_tokens: request.maxTokens },
    signal,
    config: { firstByteTimeoutMs: DEFAULT_CONFIG.firstByteTimeoutMs, idleTimeoutMs: DEFAULT_CONFIG.idleTimeoutMs },
    emit: () => undefined,
    turn: 0,
    attempt: 1,
    messageId: 'mcp-sampling',
    quiet: true,
  });
  if (outcome.kind === 'cancelled') throw new DOMException('The sampling request was stopped.', 'AbortError');
  if (outcome.kind === 'failed') throw new Error(outcome.error.info.message);
  const turn = outcome.turn;
  return {
    action: 'approve',
    model,
    text: turn.text,
    stopReason: turn.finishReason === 'length' || turn.finishReason === 'max_output_tokens' ? 'maxTokens' : 'endTurn',
    ...(turn.usage !== null
      ? { usage: { promptTokens: turn.usage.promptTokens, completionTokens: turn.usage.completionTokens } }
      : {}),
  };
}
