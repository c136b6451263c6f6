import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage } from '../../domain/messages';
import { buildChatModel } from './chat-rows';

const user = (id: string): ChatMessage => ({ id, createdAt: 0, role: 'user', content: id });
const asst = (id: string, status: AssistantMessage['status'] = 'complete', calls: string[] = []): ChatMessage => ({
  id,
  createdAt: 0,
  role: 'assistant',
  content: id,
  reasoning: '',
  refusal: null,
  status,
  runId: 'r',
  turn: 1,
  toolCalls: calls.map((c) => ({ id: c, name: 't', arguments: '{}' })),
});
const tool = (id: string, callId: string): ChatMessage => ({
  id,
  createdAt: 0,
  role: 'tool',
  toolCallId: callId,
  name: 't',
  content: 'ok',
  isError: false,
  outcome: 'ok',
  runId: 'r',
  turn: 1,
});

describe('buildChatModel', () => {
  it('joins stored and not-yet-stored messages once each, in order, with the live message last', () => {
    const stored = [user('u1'), asst('a1', 'complete', ['c1']), tool('t1', 'c1'), user('u2')];
    const appended = [user('u2'), asst('a2', 'complete', ['c2']), tool('t2', 'c2')];
    const m = buildChatModel(stored, appended, 'a3');
    expect(m.rows.map((r) => r.key)).toEqual(['u1', 'a1', 'u2', 'a2', 'a3']);
    expect(m.rows.at(-1)?.kind).toBe('streaming');
    expect([...m.toolResults.keys()]).toEqual(['c1', 'c2']);
  });

  it('hides the stored partial of the message being streamed here, and prefers this tab’s final copy', () => {
    const stored = [user('u1'), asst('a1', 'streaming')];
    expect(buildChatModel(stored, [], 'a1').rows.map((r) => r.kind)).toEqual(['message', 'streaming']);
    const done = buildChatModel(stored, [asst('a1', 'cancelled')], null);
    expect(done.rows).toHaveLength(2);
    const last = done.rows[1];
    expect(last?.kind === 'message' && last.message.role === 'assistant' && last.message.status).toBe('cancelled');
  });

  it('keeps this tab’s ended run in its stored place when another tab stored later messages', () => {
    const stored = [user('u1'), asst('a1', 'cancelled'), user('u2'), asst('a2')];
    const m = buildChatModel(stored, [user('u1'), asst('a1', 'cancelled')], null);
    expect(m.rows.map((r) => r.key)).toEqual(['u1', 'a1', 'u2', 'a2']);
  });

  it('shows another tab’s stored partial as a normal message', () => {
    const rows = buildChatModel([user('u1'), asst('a1', 'streaming')], [], null).rows;
    expect(rows.map((r) => r.kind)).toEqual(['message', 'message']);
  });
});
