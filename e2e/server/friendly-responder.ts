import type { ChatRequest, ChatRequestBody, StaticStep } from './types';
import { argsFromSchema } from './schema-args';

/**
 * The default answer when no script is queued, written for a person trying the app without a key:
 * it echoes the last user message as Markdown, calls offered tools when asked to ("use tools"),
 * and summarises tool results once they come back.
 */
export function friendlyResponder(options: { chunkDelayMs?: number } = {}): (req: ChatRequest) => StaticStep {
  const timing = options.chunkDelayMs ? { chunkDelayMs: options.chunkDelayMs } : {};
  return (req) => {
    const messages = req.body.messages ?? [];
    const last = messages[messages.length - 1];
    if (last?.role === 'tool') return { kind: 'text', content: summariseToolResults(req.body), ...timing };
    const userText = textOf(last?.content);
    const tools = offeredTools(req.body);
    if (tools.length > 0 && /\b(use|call|try|run)\b.{0,20}\btools?\b/i.test(userText)) {
      const named = tools.filter((t) => userText.toLowerCase().includes(t.name.toLowerCase()));
      const chosen = named.length > 0 ? named : [tools[0]!];
      return {
        kind: 'tool_calls',
        text: `Calling ${chosen.map((t) => `\`${t.name}\``).join(' and ')}.`,
        calls: chosen.map((t) => ({ name: t.name, arguments: argsFromSchema(t.parameters, userText) })),
        ...timing,
      };
    }
    return { kind: 'text', content: echoAnswer(userText, tools.length), ...timing };
  };
}

function echoAnswer(userText: string, toolCount: number): string {
  const quoted = (userText.trim() || '(an empty message)')
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  const toolHint =
    toolCount > 0
      ? `- You offered **${toolCount}** tool${toolCount === 1 ? '' : 's'}; say *"use tools"* (optionally naming one) and I will call it.`
      : '- Define a tool in the **Tools** view, then say *"use tools"* to see a tool call.';
  return [
    '**Mock reply** from the local test server (no real model, no key needed). You wrote:',
    '',
    quoted,
    '',
    'Things to try:',
    '',
    toolHint,
    '- Press **Stop** while this streams to see cancellation.',
    '',
    '```text',
    `characters: ${userText.length}, words: ${userText.split(/\s+/).filter(Boolean).length}`,
    '```',
  ].join('\n');
}

function summariseToolResults(body: ChatRequestBody): string {
  const messages = body.messages ?? [];
  const names = new Map<string, string>();
  for (const m of messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const c of m.tool_calls as Array<{ id?: string; function?: { name?: string } }>) {
      if (c.id) names.set(c.id, c.function?.name ?? 'tool');
    }
  }
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i--) {
    const m = messages[i]!;
    const text = textOf(m.content);
    const preview = text.length > 300 ? `${text.slice(0, 300)}…` : text;
    results.unshift(`- **${names.get(m.tool_call_id ?? '') ?? 'tool'}** returned: \`${preview.replace(/`/g, "'")}\``);
  }
  return [
    'The tools answered:',
    '',
    ...results,
    '',
    'That is all the mock server can do with them — a real model would reason about these results.',
  ].join('\n');
}

function offeredTools(body: ChatRequestBody): Array<{ name: string; parameters: unknown }> {
  return (body.tools ?? [])
    .map((t) => ({ name: t.function?.name ?? '', parameters: t.function?.parameters }))
    .filter((t) => t.name.length > 0);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (p && typeof p === 'object' && 'text' in p && typeof p.text === 'string' ? p.text : ''))
      .join('');
  }
  return '';
}
