import type { ModelClient, ModelRequest } from '../agent/model-client';
import { ModelError } from '../agent/errors';
import { EMPTY_SUMMARY, type SummaryRequester } from '../agent/summary-request';
import { accumulateResponses } from '../agent/responses-accumulator';
import { addUsage, zeroUsage, type ChatMessage, type Usage } from '../domain/messages';
import { fitTranscript, transcriptEntries } from './summary-transcript';
import { MESSAGE_OVERHEAD_TOKENS } from '../domain/token-heuristic';

const SUMMARY_INSTRUCTIONS =
  'You compress conversations. Summarise the transcript below so the conversation can continue without it: ' +
  "keep the user's goals and constraints, decisions made, facts learned from tools (with key values), open questions, " +
  'and anything the assistant promised to do. Be concise; use short bullet points; do not invent anything.';

/** Turns messages into a plain transcript; tool calls and results are kept because facts often live there. */
function transcript(messages: readonly ChatMessage[]): string {
  return transcriptEntries(messages).join('\n\n');
}

/** How the summary request is kept inside the context window: the prompt's token budget, counted with `count`. */
type SummaryFit = { maxPromptTokens: number; count: (text: string) => number };

/** The transcript budget left once the instructions and message framing are paid for. */
function transcriptBudget(fit: SummaryFit): number {
  return fit.maxPromptTokens - fit.count(SUMMARY_INSTRUCTIONS) - 2 * MESSAGE_OVERHEAD_TOKENS;
}

type WrittenSummary = { text: string; usage: Usage };

async function summarise(
  model: ModelClient,
  modelName: string,
  text: string,
  signal: AbortSignal,
  send?: SummaryRequester,
): Promise<WrittenSummary> {
  const request: ModelRequest = {
    model: modelName,
    stream: true,
    stream_options: { include_usage: true },
    messages: [
      { role: 'system', content: SUMMARY_INSTRUCTIONS },
      { role: 'user', content: text },
    ],
  };
  let out = '';
  let usage: Usage | null = null;
  if (send) {
    // The run's own policy: retries, timeouts, events (agent/summary-request.ts).
    ({ text: out, usage } = await send(request, signal));
  } else if (model.wire === 'responses') {
    const turn = await accumulateResponses(model.stream(request, { signal }));
    out = turn.text;
    usage = turn.usage;
  } else if (model.wire === 'anthropic' || model.wire === 'gemini') {
    const acc = await model.reducer(modelName);
    for await (const event of model.stream(request, { signal })) acc.push(event);
    ({ text: out, usage } = acc.result());
  } else {
    for await (const chunk of model.stream(request, { signal })) {
      const delta = chunk.choices[0]?.delta?.content;
      if (typeof delta === 'string') out += delta;
      if (chunk.usage) {
        usage = {
          promptTokens: chunk.usage.prompt_tokens,
          completionTokens: chunk.usage.completion_tokens,
          totalTokens: chunk.usage.total_tokens,
          estimated: false,
        };
      }
    }
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
  // An empty summary in place of the older messages would drop them from the request silently.
  if (out.trim() === '')
    throw new ModelError({ fault: 'model', kind: 'empty_response', message: EMPTY_SUMMARY }, false);
  if (usage) return { text: out.trim(), usage };
  // Without a reported figure the summary's cost still counts, as an estimate (about four characters a token).
  const promptTokens = Math.ceil((SUMMARY_INSTRUCTIONS.length + text.length) / 4);
  const completionTokens = Math.ceil(out.length / 4);
  return {
    text: out.trim(),
    usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: true },
  };
}

/**
 * Asks the model for a summary over the same client the run uses (so the same key, URL and model).
 * With `fit`, a transcript too big for the window is cut (long entries first, marked) or, failing that,
 * summarised in consecutive chunks whose summaries are joined in order.
 */
export async function writeSummary(
  model: ModelClient,
  modelName: string,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
  fit?: SummaryFit,
  send?: SummaryRequester,
): Promise<WrittenSummary> {
  const parts = fit ? fitTranscript(messages, transcriptBudget(fit), fit.count) : [transcript(messages)];
  const texts: string[] = [];
  let usage = zeroUsage();
  for (const part of parts) {
    const r = await summarise(model, modelName, part, signal, send);
    texts.push(r.text);
    usage = addUsage(usage, r.usage);
  }
  return { text: texts.join('\n'), usage };
}
