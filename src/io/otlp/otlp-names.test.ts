import * as semconv from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import { GEN_AI, GEN_AI_OPERATION, GEN_AI_PROVIDER, OTEL } from './otlp-names';

const all = semconv as unknown as Record<string, unknown>;
const values = new Set(
  Object.entries(all)
    .filter(([k]) => k.startsWith('ATTR_'))
    .map(([, v]) => v),
);

describe('OpenTelemetry names', () => {
  it('every GenAI and general attribute name is one the semantic conventions define', () => {
    for (const name of [...Object.values(GEN_AI), ...Object.values(OTEL)]) expect(values, name).toContain(name);
  });
  it('matches the conventions constant by constant', () => {
    expect(GEN_AI.operationName).toBe(semconv.ATTR_GEN_AI_OPERATION_NAME);
    expect(GEN_AI.providerName).toBe(semconv.ATTR_GEN_AI_PROVIDER_NAME);
    expect(GEN_AI.requestModel).toBe(semconv.ATTR_GEN_AI_REQUEST_MODEL);
    expect(GEN_AI.responseFinishReasons).toBe(semconv.ATTR_GEN_AI_RESPONSE_FINISH_REASONS);
    expect(GEN_AI.usageInputTokens).toBe(semconv.ATTR_GEN_AI_USAGE_INPUT_TOKENS);
    expect(GEN_AI.usageOutputTokens).toBe(semconv.ATTR_GEN_AI_USAGE_OUTPUT_TOKENS);
    expect(GEN_AI.usageCacheReadInputTokens).toBe(semconv.ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS);
    expect(GEN_AI.usageCacheCreationInputTokens).toBe(semconv.ATTR_GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS);
    expect(GEN_AI.usageReasoningOutputTokens).toBe(semconv.ATTR_GEN_AI_USAGE_REASONING_OUTPUT_TOKENS);
    expect(GEN_AI.responseId).toBe(semconv.ATTR_GEN_AI_RESPONSE_ID);
    expect(GEN_AI.toolName).toBe(semconv.ATTR_GEN_AI_TOOL_NAME);
    expect(GEN_AI.toolCallId).toBe(semconv.ATTR_GEN_AI_TOOL_CALL_ID);
    expect(GEN_AI.toolType).toBe(semconv.ATTR_GEN_AI_TOOL_TYPE);
    expect(GEN_AI.conversationId).toBe(semconv.ATTR_GEN_AI_CONVERSATION_ID);
    expect(OTEL.errorType).toBe(semconv.ATTR_ERROR_TYPE);
  });
  it('operation and provider values are the conventions’ own', () => {
    expect(GEN_AI_OPERATION.chat).toBe(semconv.GEN_AI_OPERATION_NAME_VALUE_CHAT);
    expect(GEN_AI_OPERATION.invokeAgent).toBe(semconv.GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT);
    expect(GEN_AI_OPERATION.executeTool).toBe(semconv.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL);
    expect(GEN_AI_OPERATION.textCompletion).toBe(semconv.GEN_AI_OPERATION_NAME_VALUE_TEXT_COMPLETION);
    expect(GEN_AI_OPERATION.generateContent).toBe(semconv.GEN_AI_OPERATION_NAME_VALUE_GENERATE_CONTENT);
    expect(GEN_AI_PROVIDER.chat).toBe(semconv.GEN_AI_PROVIDER_NAME_VALUE_OPENAI);
    expect(GEN_AI_PROVIDER.responses).toBe(semconv.GEN_AI_PROVIDER_NAME_VALUE_OPENAI);
    expect(GEN_AI_PROVIDER.anthropic).toBe(semconv.GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC);
    expect(GEN_AI_PROVIDER.gemini).toBe(semconv.GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI);
  });
});
