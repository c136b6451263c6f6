/** The loop's word for each `stop_reason` Anthropic documents; one not listed reaches the loop as sent. */
const FINISH: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
  model_context_window_exceeded: 'context_window',
  pause_turn: 'pause_turn',
};

// What a stop that is not a normal end means to the person, and what they can do.
const STOP_WORDS: Record<string, string> = {
  max_tokens: 'the reply reached max_tokens. Raise "Max output tokens" in Settings.',
  refusal:
    'Claude declined to go on (stop reason refusal). Rephrase the message, or start a new session: a refused ' +
    'conversation may be refused again.',
  model_context_window_exceeded:
    "the reply filled the model's context window (model_context_window_exceeded). Compact the session or start a new one.",
  pause_turn: 'a tool Anthropic runs itself paused a long turn (pause_turn); Toolscope sends it back to go on.',
};

/**
 * Anthropic's `stop_reason` as the loop's finish reason, and in words for the person when it is not a normal end
 * (docs/wire-formats.md, "Stop reasons"); a reason added later is named as sent rather than passing for an end.
 */
export function anthropicStop(stopReason: string | null): { finishReason: string | null; stopNote: string | null } {
  if (stopReason === null) return { finishReason: null, stopNote: null };
  const finishReason = Object.hasOwn(FINISH, stopReason) ? (FINISH[stopReason] ?? stopReason) : stopReason;
  if (finishReason === 'stop' || finishReason === 'tool_calls') return { finishReason, stopNote: null };
  const words = Object.hasOwn(STOP_WORDS, stopReason)
    ? STOP_WORDS[stopReason]
    : `it stopped for a reason Toolscope does not know: ${stopReason}. Retry.`;
  return { finishReason, stopNote: `Anthropic: ${words}` };
}
