import type { ErrorInfo } from './error-info';

/**
 * How servers say a model takes no tools: Ollama ("… does not support tools"), vLLM and llama.cpp ("tool calling
 * is not supported", "tools are not supported", "\"auto\" tool choice requires --enable-auto-tool-choice").
 */
const REFUSAL =
  /does not support (?:tools|tool use|tool calling|function calling|functions)|(?:tools?|tool use|tool calling|function calling) (?:is|are) not supported|tool choice requires --enable-auto-tool-choice/i;

/** The request was refused because it offered tools: the chat offers to continue the session without them. */
export function refusesTools(error: ErrorInfo): boolean {
  if (error.kind !== 'bad_request' && error.kind !== 'provider_stream_error') return false;
  return REFUSAL.test(error.message);
}
