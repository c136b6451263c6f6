import type { StepTiming, ToolCallSpec } from './types';

/**
 * One scripted answer on POST /v1/responses (the Responses API's streaming format). Its parts stream
 * in this order: reasoning (a summary streamed as deltas, then an encrypted reasoning item), a
 * provider-run web search, function calls (in parallel, one output item each), then text.
 */
export type ResponsesStep = StepTiming & {
  kind: 'responses';
  reasoning?: string;
  /** The reasoning item's encrypted_content on `output_item.done` (default `enc_<response id>`). */
  encryptedReasoning?: string;
  /** A provider-run web search with the sources it found (on `output_item.done`, as OpenAI sends them). */
  webSearch?: { query: string; sources?: string[] };
  calls?: ToolCallSpec[];
  text?: string;
  /** url_citation annotations added to the text. */
  citations?: { url: string; title: string }[];
  /** After this many events, send an `error` event (then `response.failed`) and end the stream. */
  errorAfter?: number;
  error?: { code: string | null; message: string; type?: string };
  /** After this many events, send nothing more until the client goes away. */
  hangAfter?: number;
  /** End with `response.incomplete` for this reason instead of `response.completed`. */
  incomplete?: 'max_output_tokens' | 'content_filter';
};
