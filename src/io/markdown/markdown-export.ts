import type { AssistantMessage, ChatMessage, ToolMessage } from '../../domain/messages';
import { DEFAULT_OUTPUT_LIMIT_BYTES } from '../../tools/output-limit';

/**
 * "Copy as Markdown" (architecture.md, "Import and export of other formats"): a conversation as text to paste into
 * another model or a bug report. User and assistant text, and for each tool call its name, arguments and result,
 * the result cut where the chat's tool card cuts it. Reasoning, system prompts, images, usage and timing stay out.
 */

/** The chat's tool card shows at most this many characters of a result (ui/chat/tool-call-card.tsx). */
export const COPIED_RESULT_CHARS = DEFAULT_OUTPUT_LIMIT_BYTES + 1024;

const cutResult = (text: string): string =>
  text.length <= COPIED_RESULT_CHARS
    ? text
    : `${text.slice(0, COPIED_RESULT_CHARS)}\n…[${(text.length - COPIED_RESULT_CHARS).toLocaleString('en-US')} ` +
      `more characters not shown: over the ${COPIED_RESULT_CHARS.toLocaleString('en-US')}-character ` +
      `display limit for a tool result]`;

/** A fence longer than any run of backticks inside, so no content can close it early. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

function prettyJson(raw: string): { text: string; lang: string } {
  if (raw.trim() === '') return { text: '{}', lang: 'json' };
  try {
    return { text: JSON.stringify(JSON.parse(raw), null, 2), lang: 'json' };
  } catch {
    return { text: raw, lang: '' };
  }
}

function assistantMarkdown(m: AssistantMessage, results: ReadonlyMap<string, ToolMessage>): string {
  const parts = ['## Assistant'];
  const text = m.content || m.refusal || '';
  if (text !== '') parts.push(text);
  for (const call of m.toolCalls) {
    const args = prettyJson(call.arguments);
    parts.push(`### Tool call: ${call.name}`, 'Arguments:', fenced(args.text, args.lang));
    const result = results.get(call.id);
    if (result)
      parts.push(result.isError ? `Result (${result.outcome}):` : 'Result:', fenced(cutResult(result.content)));
    else parts.push('Result: none recorded.');
  }
  return parts.join('\n\n');
}

function messageMarkdown(m: ChatMessage, results: ReadonlyMap<string, ToolMessage>): string | null {
  switch (m.role) {
    case 'user':
      return `## User\n\n${m.content}`;
    case 'assistant':
      return m.status === 'streaming' ? null : assistantMarkdown(m, results);
    default:
      return null;
  }
}

const resultsOf = (messages: readonly ChatMessage[]) =>
  new Map(messages.flatMap((m) => (m.role === 'tool' ? [[m.toolCallId, m] as const] : [])));

/** A session's path (the messages the chat shows) as Markdown, under its title. */
export function sessionToMarkdown(title: string, path: readonly ChatMessage[]): string {
  const results = resultsOf(path);
  const body = path.map((m) => messageMarkdown(m, results)).filter((s): s is string => s !== null);
  return `# ${title.replace(/\n/g, ' ')}\n\n${body.join('\n\n')}\n`;
}

/** One message and its tool calls with their results (found on the same path). */
export function messageToMarkdown(messageId: string, path: readonly ChatMessage[]): string | null {
  const m = path.find((x) => x.id === messageId);
  if (!m) return null;
  const md = messageMarkdown(m, resultsOf(path));
  return md === null ? null : `${md}\n`;
}
