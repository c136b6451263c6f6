import type { ModelClient } from '../agent/model-client';
import type { ChatMessage } from '../agent/messages';

const SUMMARY_INSTRUCTIONS =
  'You compress conversations. Summarise the transcript below so the conversation can continue without it: ' +
  'keep the user\'s goals and constraints, decisions made, facts learned from tools (with key values), open questions, ' +
  'and anything the assistant promised to do. Be concise; use short bullet points; do not invent anything.';

/** Turns messages into a plain transcript; tool calls and results are kept because facts often live there. */
export function transcript(messages: readonly ChatMessage[]): string {
  const lines: string[] = [];
  for (const m of messages) {
    switch (m.role) {
      case 'system':
        lines.push(m.summaryOf ? `[Earlier summary]\n${m.content}` : `[System]\n${m.content}`);
        break;
      case 'user':
        lines.push(`[User]\n${m.content}`);
        break;
      case 'assistant': {
        const calls = m.toolCalls.map((c) => `  -> called ${c.name}(${c.arguments})`).join('\n');
        lines.push(`[Assistant]\n${m.content}${calls ? `\n${calls}` : ''}`);
        break;
      }
      case 'tool':
        lines.push(`[Tool result: ${m.name}${m.isError ? ', error' : ''}]\n${m.content}`);
        break;
    }
  }
  return lines.join('\n\n');
}

/** Asks the model for a summary over the same client the run uses (so the same key, URL and model). */
export async function writeSummary(
  model: ModelClient,
  modelName: string,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
): Promise<string> {
  const stream = model.stream(
    {
      model: modelName,
      stream: true,
      messages: [
        { role: 'system', content: SUMMARY_INSTRUCTIONS },
        { role: 'user', content: transcript(messages) },
      ],
    },
    signal,
  );
  let text = '';
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta?.content;
    if (typeof delta === 'string') text += delta;
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
  return text.trim();
}
