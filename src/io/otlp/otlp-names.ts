/**
 * OpenTelemetry names a trace uses: the GenAI semantic conventions and the general ones. Copied rather than
 * imported so the page does not carry the conventions package; `otlp-names.test.ts` checks every value against
 * `@opentelemetry/semantic-conventions/incubating`, so a rename there fails a test here.
 */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  conversationId: 'gen_ai.conversation.id',
  agentName: 'gen_ai.agent.name',
  agentId: 'gen_ai.agent.id',
  requestModel: 'gen_ai.request.model',
  requestTemperature: 'gen_ai.request.temperature',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  responseTimeToFirstChunk: 'gen_ai.response.time_to_first_chunk',
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  usageCacheReadInputTokens: 'gen_ai.usage.cache_read.input_tokens',
  usageCacheCreationInputTokens: 'gen_ai.usage.cache_creation.input_tokens',
  usageReasoningOutputTokens: 'gen_ai.usage.reasoning.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
  /** Older traces name the provider here. */
  system: 'gen_ai.system',
  /** Older traces count tokens under these. */
  usagePromptTokens: 'gen_ai.usage.prompt_tokens',
  usageCompletionTokens: 'gen_ai.usage.completion_tokens',
} as const;

export const GEN_AI_OPERATION = {
  chat: 'chat',
  invokeAgent: 'invoke_agent',
  executeTool: 'execute_tool',
  textCompletion: 'text_completion',
  generateContent: 'generate_content',
} as const;

/**
 * `gen_ai.provider.name` by the API a session speaks: the conventions' well-known values for OpenAI, Anthropic and the
 * Gemini API (`gcp.gemini`: Google AI Studio's, as against Vertex AI's `gcp.vertex_ai`). Chat Completions and
 * Responses are OpenAI's APIs, whoever serves them.
 */
export const GEN_AI_PROVIDER = {
  chat: 'openai',
  responses: 'openai',
  anthropic: 'anthropic',
  gemini: 'gcp.gemini',
} as const;

export const OTEL = {
  errorType: 'error.type',
  serviceName: 'service.name',
  serviceVersion: 'service.version',
  serverAddress: 'server.address',
  sessionId: 'session.id',
} as const;

/** Toolscope's own attributes, for what the conventions have no name for. */
export const TOOLSCOPE = {
  costUsd: 'toolscope.cost.usd',
  costEstimated: 'toolscope.cost.estimated',
  tokensEstimated: 'toolscope.usage.estimated',
  stopReason: 'toolscope.run.stop_reason',
  sessionTitle: 'toolscope.session.title',
  turn: 'toolscope.turn',
  attempt: 'toolscope.attempt',
  toolOutcome: 'toolscope.tool.outcome',
  toolRan: 'toolscope.tool.ran',
  /** The result came after the run that made the call had ended (an MCP task followed after a reload). */
  toolLateResult: 'toolscope.tool.late_result',
  retryInMs: 'toolscope.retry_in_ms',
  /**
   * Step stats (architecture.md, "Step stats"). Time to first token is the conventions' own
   * `gen_ai.response.time_to_first_chunk`; these two have no span attribute there (the conventions name only the
   * metrics `gen_ai.client.operation.time_per_output_chunk` and `gen_ai.server.time_per_output_token`).
   */
  outputTokensPerSecond: 'toolscope.response.output_tokens_per_second',
  toolDurationMs: 'toolscope.tool.duration_ms',
  approvalDecision: 'toolscope.approval.decision',
  contextTokensBefore: 'toolscope.context.tokens_before',
  contextTokensAfter: 'toolscope.context.tokens_after',
} as const;

/** Span kinds and status codes as the OTLP JSON encoding writes them (numbers of the protobuf enums). */
export const SPAN_KIND = { internal: 1, client: 3 } as const;
export const STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;
