import { describe, expect, it } from 'vitest';
import type { ExportFileV1 } from './format-v1';
import { checkIntegrity } from './integrity';
import { copyWithNewIds, type IdFactory } from './remap';
import { fixtureFile } from '../testing/export-fixture';

function counterIds(): IdFactory {
  let n = 0;
  return {
    session: () => `S${++n}`,
    message: () => `M${++n}`,
    run: () => `R${++n}`,
    toolCall: () => `C${++n}`,
    tool: () => `T${++n}`,
    exchange: () => `X${++n}`,
  };
}

/** Every string value anywhere in a value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('copyWithNewIds', () => {
  const original = fixtureFile().sessions[0]!;
  const copy = copyWithNewIds(original, counterIds());

  it('leaves none of the old session, message, run or tool call ids behind', () => {
    const oldIds = new Set<string>([
      original.session.id,
      ...original.messages.map((m) => m.id),
      ...original.runs.map((r) => r.id),
      ...original.toolCalls.map((c) => c.id),
    ]);
    // Ids also appear inside text only as ids, never as prose, in the fixture.
    const leftovers = strings(copy).filter((s) => oldIds.has(s));
    expect(leftovers).toEqual([]);
  });

  it('keeps every reference consistent, so the copy passes the integrity checks', () => {
    const file: ExportFileV1 = { ...fixtureFile(), sessions: [original, copy] };
    expect(checkIntegrity(file)).toEqual({ issues: [], total: 0 });
  });

  it('maps one old id to the same new id everywhere it appears', () => {
    const assistant = copy.messages.find((m) => m.role === 'assistant' && m.toolCalls.length === 2);
    if (assistant?.role !== 'assistant') throw new Error('fixture has a parallel call');
    const [paris, tokyo] = assistant.toolCalls;
    const results = copy.messages.filter((m) => m.role === 'tool').map((m) => (m.role === 'tool' ? m.toolCallId : ''));
    expect(results).toEqual(expect.arrayContaining([paris!.id, tokyo!.id]));
    const rows = copy.toolCalls.filter((c) => c.messageId === assistant.id).map((c) => c.id);
    expect(rows).toEqual([paris!.id, tokyo!.id]);
    const started = copy.events
      .filter((e) => e.type === 'tool_started')
      .map((e) => (e.type === 'tool_started' ? e.callId : ''));
    expect(started).toEqual(expect.arrayContaining([paris!.id, tokyo!.id]));
    const appended = copy.events.find((e) => e.type === 'message_appended' && e.message.id === assistant.id);
    expect(appended).toMatchObject({ message: { toolCalls: [{ id: paris!.id }, { id: tokyo!.id }] } });
    expect(new Set(copy.events.map((e) => e.sessionId))).toEqual(new Set([copy.session.id]));
    expect(new Set(copy.events.map((e) => e.runId))).toEqual(new Set(copy.runs.map((r) => r.id)));
  });

  it("maps a call's parent (a trace span nested under a tool's span) to the parent's new id", () => {
    const started = original.events.filter((e) => e.type === 'tool_started');
    const [parent, child] = started;
    if (parent?.type !== 'tool_started' || child?.type !== 'tool_started') throw new Error('fixture has two calls');
    const nested = {
      ...original,
      events: original.events.map((e) => (e === child ? { ...child, parentCallId: parent.callId } : e)),
    };
    const copied = copyWithNewIds(nested, counterIds()).events.filter((e) => e.type === 'tool_started');
    const [newParent, newChild] = copied;
    if (newParent?.type !== 'tool_started' || newChild?.type !== 'tool_started') throw new Error('copied both');
    expect(newChild.parentCallId).toBe(newParent.callId);
    expect(newChild.parentCallId).not.toBe(parent.callId);
  });

  it('changes nothing but ids', () => {
    expect(copy.messages.map((m) => m.content)).toEqual(original.messages.map((m) => m.content));
    expect(copy.events.map((e) => [e.type, e.seq, e.t])).toEqual(original.events.map((e) => [e.type, e.seq, e.t]));
    expect({ ...copy.session, id: '' }).toEqual({ ...original.session, id: '' });
  });

  it('gives a provider-reused call id in two messages one new id, still unique per message', () => {
    const file = fixtureFile();
    const entry = file.sessions[0]!;
    // Make turn 2 reuse turn 1's first call id, as some providers do.
    for (const m of entry.messages) {
      if (m.role === 'assistant' && m.id === 'msg_a2') m.toolCalls[0]!.id = 'call_pAr1s';
      if (m.role === 'tool' && m.id === 'msg_t3') m.toolCallId = 'call_pAr1s';
    }
    for (const c of entry.toolCalls) if (c.messageId === 'msg_a2') c.id = 'call_pAr1s';
    const c2 = copyWithNewIds(entry, counterIds());
    expect(checkIntegrity({ ...file, sessions: [c2] }).total).toBe(0);
    expect(new Set(c2.toolCalls.map((c) => `${c.messageId}/${c.id}`)).size).toBe(3);
  });

  it("renames the calls inside a reply's provider content with its toolCalls, and keeps every signed byte", () => {
    const entry = fixtureFile().sessions[0]!;
    const signed = { type: 'thinking', thinking: 'Two cities.', signature: 'EqQBCkYIARgCIkD+/sig==' };
    const server = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } };
    for (const m of entry.messages) {
      if (m.role !== 'assistant' || m.toolCalls.length !== 2) continue;
      m.wireParts = {
        format: 'anthropic',
        model: 'claude-sonnet-4-5',
        parts: [signed, server, ...m.toolCalls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: {} }))],
      };
    }
    const c = copyWithNewIds(entry, counterIds());
    const both = [
      ...c.messages,
      ...c.events.flatMap((e) => (e.type === 'message_appended' ? [{ ...e.message, sessionId: '', order: 0 }] : [])),
    ];
    const replies = both.filter((m) => m.role === 'assistant' && m.wireParts !== undefined);
    expect(replies.length).toBeGreaterThan(0);
    for (const m of replies) {
      if (m.role !== 'assistant' || !m.wireParts) continue;
      const [thinking, srv, ...uses] = m.wireParts.parts;
      expect(JSON.stringify(thinking)).toBe(JSON.stringify(signed));
      expect(srv).toEqual(server);
      expect(uses.map((u) => u.id)).toEqual(m.toolCalls.map((call) => call.id));
      expect(uses.map((u) => u.id)).not.toContain(entry.toolCalls[0]!.id);
    }
  });
});
