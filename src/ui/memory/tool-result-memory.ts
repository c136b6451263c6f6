/** Memories go into every later system prompt that recalls them, so a long tool result is kept to its start. */
export const TOOL_RESULT_MEMORY_CHARS = 2_000;

/** The memory text for a tool result: which tool said it, then (the start of) what it returned. */
export function toolResultMemory(toolName: string, result: string): string {
  const text = result.trim();
  const body =
    text.length > TOOL_RESULT_MEMORY_CHARS
      ? `${text.slice(0, TOOL_RESULT_MEMORY_CHARS)}… (cut from ${text.length} characters)`
      : text;
  return body ? `${toolName} result: ${body}` : '';
}
