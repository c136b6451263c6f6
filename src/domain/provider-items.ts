/**
 * What the Responses API produces besides text and function calls. Kept on the assistant message so
 * it is stored, exported and (for reasoning and compaction) sent back with the next request; Chat
 * Completions has no place for any of it and leaves it out.
 */

/** A reasoning item. The summary is shown like reasoning; the encrypted blob is never shown, only sent back. */
export type ReasoningItem = {
  kind: 'reasoning';
  id: string;
  summary: string[];
  /** Opaque; lets a stateless request (store: false) carry the model's reasoning across tool calls. */
  encryptedContent: string | null;
};

/** A compaction item: the provider's own opaque summary of earlier context. */
type CompactionItem = { kind: 'compaction'; id: string; encryptedContent: string };

export const PROVIDER_TOOL_KINDS = ['web_search', 'code_interpreter', 'file_search', 'mcp'] as const;
/** The tools a provider runs on its side and a person may enable per session. */
export type ProviderToolKind = (typeof PROVIDER_TOOL_KINDS)[number];

/** A tool the provider ran (web search, code interpreter, ...): shown, never run by the browser. */
export type ProviderToolCall = {
  kind: 'provider_tool';
  id: string;
  /** The wire item type, e.g. `web_search_call`, `mcp_list_tools`, `image_generation_call`. */
  itemType: string;
  /** What it is called in the UI: `web_search`, or `server.tool` for a remote MCP call. */
  name: string;
  status: string;
  /** Query, code or arguments, as text. */
  input: string;
  /** Sources, logs, results or the MCP output, as text. */
  output: string;
  /** From the first to the last event the stream sent for it; absent when not measured. */
  durationMs?: number;
};

export type ProviderItem = ReasoningItem | CompactionItem | ProviderToolCall;

/** A source the answer cites (from `output_text` annotations). */
export type Citation = {
  kind: 'url' | 'file' | 'container_file';
  /** URL for web sources, file id otherwise. */
  ref: string;
  title: string;
};
