/**
 * What the demo model says: a deterministic script over the request, so the same request always gets the same
 * answer. It reads the last user message to choose a tool (or none), and once results are back it answers from them
 * and never calls a second tool in the same turn, so a demo run always ends (architecture.md, "The demo model").
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Conversation, ModelRequest } from '../agent/model-client';
import type { ToolOutcome } from '../domain/messages';
import { findCode, findExpression } from './demo-expression';
import { answerFromResults, demoText, introText, missingToolText, type DemoToolResult } from './demo-replies';

type DemoToolCall = { id: string; name: string; arguments: string };

/** One turn of the demo: Markdown to stream, then at most one tool call. */
export type DemoTurn = { text: string; call: DemoToolCall | null };

/** Markdown in the wire's message content: text, or the text parts of a multi-part message. */
function textOf(content: ChatCompletionMessageParam['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * The person's latest message. A user message right after tool results is not theirs: it carries the images a tool
 * returned (agent/to-wire.ts), so it is skipped.
 */
function lastUserText(messages: readonly ChatCompletionMessageParam[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user' && !isToolImages(messages, i)) return textOf(messages[i]?.content ?? '');
  }
  return '';
}

function isToolImages(messages: readonly ChatCompletionMessageParam[], i: number): boolean {
  return messages[i]?.role === 'user' && messages[i - 1]?.role === 'tool';
}

/** The request ends with tool results (and perhaps the images they returned): time to answer from them. */
function endsWithResults(messages: readonly ChatCompletionMessageParam[]): boolean {
  const last = messages.length - 1;
  return messages[last]?.role === 'tool' || isToolImages(messages, last);
}

const DENIED = /^Denied by user\b/;
const CANCELLED = /^Cancelled by user\b/;

/** The results of the last assistant message's calls, with how each ended (from the history when the loop gave it). */
function lastResults(messages: readonly ChatCompletionMessageParam[], conversation?: Conversation): DemoToolResult[] {
  let i = messages.length - 1;
  if (isToolImages(messages, i)) i--;
  while (i >= 0 && messages[i]?.role === 'tool') i--;
  const asked = messages[i];
  if (asked?.role !== 'assistant' || !asked.tool_calls) return [];
  const outcomes = new Map<string, ToolOutcome>();
  for (const m of conversation?.messages ?? []) if (m.role === 'tool') outcomes.set(m.toolCallId, m.outcome);
  return messages.slice(i + 1).flatMap((m) => {
    if (m.role !== 'tool') return [];
    const call = asked.tool_calls?.find((c) => c.id === m.tool_call_id);
    if (!call || call.type !== 'function') return [];
    const content = textOf(m.content);
    const outcome =
      outcomes.get(m.tool_call_id) ?? (DENIED.test(content) ? 'denied' : CANCELLED.test(content) ? 'cancelled' : 'ok');
    return [{ name: call.function.name, arguments: call.function.arguments, content, outcome }];
  });
}

function offeredTools(request: ModelRequest): Set<string> {
  return new Set((request.tools ?? []).flatMap((t) => (t.type === 'function' ? [t.function.name] : [])));
}

/** A call id that differs between the calls of a session: the history's length is one more at each new call. */
function callId(request: ModelRequest): string {
  return `call_demo_${request.messages.length}`;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/i;
const FETCH_VERB = /\b(fetch|get|download|open|load|read|visit)\b/i;
const DOMAIN = /\b((?:[a-z0-9-]+\.)+[a-z]{2,})(\/[^\s<>"'`]*)?/i;
const TIME_QUESTION =
  /\b(what(?:'s| is)? the time|what time|time is it|current time|the time (?:now|in)|today'?s date|what(?:'s| is)? the date|what day is)\b/i;
const TIME_ZONE =
  /\b((?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z_]+(?:\/[A-Za-z_]+)?|UTC)\b/;
const COMPUTE_VERB = /\b(compute|calculate|evaluate|eval|run|work out)\b/i;
const SUMMARY_REQUEST = /^You compress conversations\b/;

/** The URL a "fetch …" message names, with trailing punctuation left out; null when it names none. */
function requestedUrl(text: string): string | null {
  const full = URL_IN_TEXT.exec(text)?.[0];
  if (full) return full.replace(/[.,;:!?)\]]+$/, '');
  if (!FETCH_VERB.test(text)) return null;
  const bare = DOMAIN.exec(text);
  return bare ? `https://${bare[0].replace(/[.,;:!?)\]]+$/, '')}` : null;
}

function toolTurn(request: ModelRequest, name: string, args: Record<string, unknown>, preface: string): DemoTurn {
  if (!offeredTools(request).has(name)) return { text: demoText(missingToolText(name)), call: null };
  return { text: preface, call: { id: callId(request), name, arguments: JSON.stringify(args) } };
}

/** The demo's answer to `request` (and the history it was built from, when the loop passes it). */
export function demoTurn(request: ModelRequest, conversation?: Conversation): DemoTurn {
  const messages = request.messages;
  const first = messages[0];
  // A compaction summary (context/compactor.ts): a short honest one, with no tools.
  if (first?.role === 'system' && SUMMARY_REQUEST.test(textOf(first.content))) {
    return {
      text:
        'Summary written by the demo model (a script, not a real summariser): the conversation so far was about ' +
        `“${clip(lastUserText(messages), 200)}”.`,
      call: null,
    };
  }
  if (endsWithResults(messages))
    return { text: demoText(answerFromResults(lastResults(messages, conversation))), call: null };

  const text = lastUserText(messages);
  const url = requestedUrl(text);
  if (url)
    return toolTurn(
      request,
      'fetch_url',
      { url },
      `I will fetch ${url} with the \`fetch_url\` tool. It asks for your approval first.\n\n`,
    );
  if (TIME_QUESTION.test(text)) {
    const zone = TIME_ZONE.exec(text)?.[1];
    return toolTurn(request, 'current_time', zone ? { timeZone: zone } : {}, 'Let me ask the `current_time` tool.\n\n');
  }
  const code = COMPUTE_VERB.test(text) ? findCode(text) : null;
  const expression = code ?? findExpression(text);
  if (expression)
    return toolTurn(
      request,
      'js_eval',
      { expression },
      `I will compute \`${expression}\` exactly with the sandboxed \`js_eval\` tool.\n\n`,
    );
  return { text: demoText(introText(text, COMPUTE_VERB.test(text))), call: null };
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
