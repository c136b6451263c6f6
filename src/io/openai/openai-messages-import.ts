// Generated from openai-messages-schema.json at build time (build/export-validators.ts): nothing is compiled on the page.
import { validate } from 'virtual:export-schema/openai-messages';
import type { MessageRecord } from '../../db/records';
import { findHistoryProblems } from '../../domain/history-check';
import { zeroUsage, type ChatMessage } from '../../domain/messages';
import type { SessionRecord } from '../../domain/session';
import { APP_INFO } from '../app-info';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFileV1 } from '../session-file/format-v1';
import { describeErrors, type FileIssue } from '../session-file/validate-file';
import { isRecord } from '../../domain/is-record';

/**
 * A file of Chat Completions messages (what other tools and this app's "as OpenAI messages" export write) made
 * into a new session. It is checked whole first: its shape against openai-messages-schema.json (Ajv, with size
 * bounds), then the history rule (architecture.md, invariant 1: each tool call answered once, no orphan results).
 * What comes out is an ordinary version-1 export of one session, which then goes through the same checks and the
 * same single write as any import.
 */

type OpenAIMessagesResult =
  | { ok: true; file: ExportFileV1 }
  | { ok: false; stage: 'schema' | 'integrity'; message: string; issues: FileIssue[]; total: number };

/** A list of objects with a `role`, or a request body holding one under `messages` and no Toolscope `format`. */
export function looksLikeOpenAIMessages(data: unknown): boolean {
  const isList = (v: unknown) =>
    Array.isArray(v) &&
    v.length > 0 &&
    typeof v[0] === 'object' &&
    v[0] !== null &&
    typeof (v[0] as Record<string, unknown>).role === 'string';
  if (isList(data)) return true;
  if (!isRecord(data)) return false;
  const rec = data as Record<string, unknown>;
  return rec.format === undefined && isList(rec.messages);
}

type WireText = string | null | undefined | readonly { type: string; text?: string; refusal?: string }[];
type WireMessage =
  | { role: 'system' | 'developer' | 'user'; content: WireText }
  | {
      role: 'assistant';
      content?: WireText;
      refusal?: string | null;
      reasoning_content?: string | null;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: WireText };

const textOf = (content: WireText): string =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((p) => (p.type === 'text' ? (p.text ?? '') : '')).join('');
const refusalOf = (content: WireText): string =>
  typeof content === 'string' || !content
    ? ''
    : content.map((p) => (p.type === 'refusal' ? (p.refusal ?? '') : '')).join('');

const TITLE_CHARS = 80;

function titleFrom(messages: readonly ChatMessage[]): string {
  const first =
    messages
      .find((m) => m.role === 'user')
      ?.content.trim()
      .split('\n')[0]
      ?.trim() ?? '';
  if (first === '') return 'Imported conversation';
  return first.length > TITLE_CHARS ? `${first.slice(0, TITLE_CHARS - 1)}…` : first;
}

type OpenAIImportOptions = { now: number; newId: () => string };

export function openAIMessagesToExport(data: unknown, opts: OpenAIImportOptions): OpenAIMessagesResult {
  if (!validate(data)) {
    const { issues, total } = describeErrors(validate.errors ?? []);
    return {
      ok: false,
      stage: 'schema',
      message:
        `This looks like a file of OpenAI (Chat Completions) messages, but it does not match that format ` +
        `(${total} problem${total === 1 ? '' : 's'}). Only text content can be imported.`,
      issues,
      total,
    };
  }
  const wrapped = !Array.isArray(data);
  const wire = (wrapped ? (data as { messages: WireMessage[] }).messages : data) as WireMessage[];
  const base = wrapped ? '$.messages' : '$';
  const model = wrapped ? ((data as { model?: string }).model ?? '') : '';

  const sessionId = opts.newId();
  const at = opts.now;
  // No run wrote these messages: they carry no run id, and each reply counts as its own turn.
  let turn = 0;
  const callTurn = new Map<string, number>();
  const callName = new Map<string, string>();
  const messages: ChatMessage[] = wire.map((m): ChatMessage => {
    const id = opts.newId();
    switch (m.role) {
      case 'system':
      case 'developer':
        return { id, role: 'system', content: textOf(m.content), createdAt: at };
      case 'user':
        return { id, role: 'user', content: textOf(m.content), createdAt: at };
      case 'assistant': {
        turn += 1;
        const toolCalls = (m.tool_calls ?? []).map((c) => ({
          id: c.id,
          name: c.function.name,
          arguments: c.function.arguments,
        }));
        for (const c of toolCalls) {
          callTurn.set(c.id, turn);
          callName.set(c.id, c.name);
        }
        const refusal = m.refusal ?? (refusalOf(m.content) || null);
        return {
          id,
          role: 'assistant',
          content: textOf(m.content),
          reasoning: m.reasoning_content ?? '',
          refusal,
          toolCalls,
          status: 'complete',
          runId: '',
          turn,
          createdAt: at,
        };
      }
      case 'tool':
        return {
          id,
          role: 'tool',
          toolCallId: m.tool_call_id,
          name: callName.get(m.tool_call_id) ?? '',
          content: textOf(m.content),
          isError: false,
          outcome: 'ok',
          runId: '',
          turn: callTurn.get(m.tool_call_id) ?? turn,
          createdAt: at,
        };
    }
  });

  const problems = findHistoryProblems(messages);
  if (problems.length > 0) {
    const issues = problems.slice(0, 20).map((p) => ({
      path: `${base}[${p.index}]`,
      expected: `a valid history (every tool call answered by exactly one tool result before the next message): ${p.problem}`,
    }));
    return {
      ok: false,
      stage: 'integrity',
      message:
        `The messages do not form a valid conversation (${problems.length} problem${problems.length === 1 ? '' : 's'}): ` +
        `a tool call and its result must come in pairs.`,
      issues,
      total: problems.length,
    };
  }

  // A leading system message is the session's system prompt, as the export writes it.
  const first = messages[0];
  const systemPrompt = first?.role === 'system' ? first.content : undefined;
  const history = systemPrompt === undefined ? messages : messages.slice(1);
  const records: MessageRecord[] = history.map((m, order) => ({ ...m, sessionId, order }));
  const session: SessionRecord = {
    id: sessionId,
    title: titleFrom(history),
    model,
    status: 'idle',
    createdAt: at,
    updatedAt: at,
    messageCount: records.length,
    toolCallCount: history.reduce((n, m) => n + (m.role === 'assistant' ? m.toolCalls.length : 0), 0),
    usage: zeroUsage(),
    settings: systemPrompt === undefined ? {} : { systemPrompt },
  };
  return {
    ok: true,
    file: {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(at).toISOString(),
      app: APP_INFO,
      sessions: [{ session, messages: records, toolCalls: [], runs: [], events: [] }],
      tools: [],
    },
  };
}
