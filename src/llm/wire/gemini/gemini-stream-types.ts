/**
 * The parts of Gemini's `GenerateContentResponse` the stream decoder reads (streamGenerateContent?alt=sse: every
 * SSE data object is one whole response holding only the new parts). Everything is optional: the decoder must
 * survive any field missing, and keeps what it does not know verbatim.
 */

/** Vertex streams a call's arguments as path/value pieces; a string value may go on over several pieces. */
export type GeminiPartialArg = {
  jsonPath?: string;
  stringValue?: string | null;
  numberValue?: number | null;
  boolValue?: boolean | null;
  nullValue?: unknown;
  willContinue?: boolean | null;
};

export type GeminiFunctionCall = {
  id?: string;
  name?: string;
  args?: Record<string, unknown> | null;
  partialArgs?: GeminiPartialArg[] | null;
  willContinue?: boolean | null;
};

/** One part as the model sent it. `thoughtSignature` may sit on any part and must go back on that same part. */
export type GeminiPart = {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: GeminiFunctionCall;
  executableCode?: { id?: string; language?: string; code?: string };
  codeExecutionResult?: { id?: string; outcome?: string; output?: string };
  [key: string]: unknown;
};

export type GeminiSafetyRating = {
  category?: string;
  probability?: string;
  blocked?: boolean;
  [key: string]: unknown;
};

type GeminiCandidate = {
  index?: number;
  content?: { role?: string; parts?: GeminiPart[] };
  finishReason?: string;
  finishMessage?: string;
  safetyRatings?: GeminiSafetyRating[];
};

export type GeminiUsageMetadata = {
  promptTokenCount?: number;
  cachedContentTokenCount?: number;
  candidatesTokenCount?: number;
  toolUsePromptTokenCount?: number;
  thoughtsTokenCount?: number;
  totalTokenCount?: number;
};

export type GeminiStreamChunk = {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string; safetyRatings?: GeminiSafetyRating[] };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
  /** An error reported inside a 200 stream: `{code, message, status}`. */
  error?: unknown;
};
