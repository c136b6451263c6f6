import { GEN_AI, GEN_AI_OPERATION } from './otlp-names';

/**
 * What an imported span is, by the names other runtimes give it: the GenAI conventions (`gen_ai.operation.name`),
 * the Vercel AI SDK (`ai.generateText`, `ai.generateText.doGenerate`, `ai.toolCall`, ...) and OpenInference
 * (`openinference.span.kind`). Anything else is a generic span, drawn as it is.
 */
type SpanRole = 'agent' | 'chat' | 'tool' | 'generic';

export type Attrs = Readonly<Record<string, unknown>>;

const CHAT_OPS = new Set<string>([
  GEN_AI_OPERATION.chat,
  GEN_AI_OPERATION.textCompletion,
  GEN_AI_OPERATION.generateContent,
]);
const VERCEL_CALLS = /^ai\.(generateText|streamText|generateObject|streamObject)\.do(Generate|Stream)$/;
const VERCEL_TOP = /^ai\.(generateText|streamText|generateObject|streamObject)$/;

export function spanRole(name: string, a: Attrs): SpanRole {
  const op = a[GEN_AI.operationName];
  if (op === GEN_AI_OPERATION.invokeAgent) return 'agent';
  if (typeof op === 'string' && CHAT_OPS.has(op)) return 'chat';
  if (op === GEN_AI_OPERATION.executeTool) return 'tool';
  const vercel = typeof a['ai.operationId'] === 'string' ? (a['ai.operationId'] as string) : name;
  if (VERCEL_CALLS.test(vercel)) return 'chat';
  if (vercel === 'ai.toolCall') return 'tool';
  if (VERCEL_TOP.test(vercel)) return 'agent';
  switch (a['openinference.span.kind']) {
    case 'LLM':
      return 'chat';
    case 'TOOL':
      return 'tool';
    case 'AGENT':
      return 'agent';
  }
  return 'generic';
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : undefined;

type ChatFacts = {
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  cachedTokens?: number;
  reasoningTokens?: number;
  finishReason?: string;
  responseId?: string;
  outputText?: string;
};

export function chatFacts(a: Attrs): ChatFacts {
  const finish = a[GEN_AI.responseFinishReasons];
  const reasons = Array.isArray(finish)
    ? finish
    : str(a['ai.response.finishReason']) !== undefined
      ? [a['ai.response.finishReason']]
      : [];
  const facts: ChatFacts = {};
  const set = <K extends keyof ChatFacts>(k: K, v: ChatFacts[K] | undefined) => {
    if (v !== undefined) facts[k] = v;
  };
  set(
    'model',
    str(a[GEN_AI.responseModel]) ?? str(a[GEN_AI.requestModel]) ?? str(a['ai.model.id']) ?? str(a['llm.model_name']),
  );
  set(
    'inputTokens',
    num(a[GEN_AI.usageInputTokens]) ??
      num(a[GEN_AI.usagePromptTokens]) ??
      num(a['ai.usage.promptTokens']) ??
      num(a['ai.usage.inputTokens']) ??
      num(a['llm.token_count.prompt']),
  );
  set(
    'outputTokens',
    num(a[GEN_AI.usageOutputTokens]) ??
      num(a[GEN_AI.usageCompletionTokens]) ??
      num(a['ai.usage.completionTokens']) ??
      num(a['ai.usage.outputTokens']) ??
      num(a['llm.token_count.completion']),
  );
  set('cachedTokens', num(a[GEN_AI.usageCacheReadInputTokens]));
  set('reasoningTokens', num(a[GEN_AI.usageReasoningOutputTokens]));
  set('finishReason', str(reasons[0]));
  set('responseId', str(a[GEN_AI.responseId]) ?? str(a['ai.response.id']));
  set('outputText', outputText(a));
  return facts;
}

/** The reply's text when the trace carries content: GenAI output messages, Vercel's ai.response.text, OpenInference output.value. */
function outputText(a: Attrs): string | undefined {
  const msgs = str(a[GEN_AI.outputMessages]);
  if (msgs) {
    try {
      const parsed = JSON.parse(msgs) as { parts?: { type?: string; content?: unknown }[] }[];
      const text = parsed
        .flatMap((m) => m.parts ?? [])
        .filter((p) => p.type === 'text' && typeof p.content === 'string')
        .map((p) => p.content as string)
        .join('');
      if (text) return text;
    } catch {
      // Not the conventions' shape: no text taken from it.
    }
  }
  return str(a['ai.response.text']) ?? str(a['output.value']);
}

type ToolFacts = { name?: string; callId?: string; args?: string; result?: string; outcome?: string };

export function toolFacts(a: Attrs): ToolFacts {
  const facts: ToolFacts = {};
  const set = <K extends keyof ToolFacts>(k: K, v: string | undefined) => {
    if (v !== undefined) facts[k] = v;
  };
  set('name', str(a[GEN_AI.toolName]) ?? str(a['ai.toolCall.name']) ?? str(a['tool.name']));
  set('callId', str(a[GEN_AI.toolCallId]) ?? str(a['ai.toolCall.id']) ?? str(a['tool_call.id']));
  set(
    'args',
    str(a[GEN_AI.toolCallArguments]) ??
      str(a['ai.toolCall.args']) ??
      str(a['tool.parameters']) ??
      str(a['input.value']),
  );
  set('result', str(a[GEN_AI.toolCallResult]) ?? str(a['ai.toolCall.result']) ?? str(a['output.value']));
  set('outcome', str(a['toolscope.tool.outcome']));
  return facts;
}

/** The user's words from an agent span's input messages (GenAI) or Vercel's ai.prompt, when the trace carries content. */
export function userText(a: Attrs): string | undefined {
  const msgs = str(a[GEN_AI.inputMessages]);
  if (msgs) {
    try {
      const parsed = JSON.parse(msgs) as { role?: string; parts?: { type?: string; content?: unknown }[] }[];
      const text = parsed
        .filter((m) => m.role === 'user')
        .flatMap((m) => m.parts ?? [])
        .filter((p) => p.type === 'text' && typeof p.content === 'string')
        .map((p) => p.content as string)
        .join('\n');
      if (text) return text;
    } catch {
      // Not the conventions' shape.
    }
  }
  const prompt = str(a['ai.prompt']);
  if (prompt) {
    try {
      const p = JSON.parse(prompt) as { prompt?: unknown };
      if (typeof p.prompt === 'string') return p.prompt;
    } catch {
      return prompt;
    }
  }
  return str(a['input.value']);
}
