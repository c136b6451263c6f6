import { describe, expect, it } from 'vitest';
import { anthropicThinkingTextTools } from './anthropic-gen';
import { geminiThoughtsTextCalls } from './gemini-gen';
import { floorCrlf, oursAnthropic, oursGemini, sdkAnthropic, sdkGemini } from './native-paths';
import { bodyFrom, floorNamed, piecesOf } from './paths';

// Small versions of the Anthropic and Gemini bench streams: every path the bench times must assemble the turn it claims.
const pick = (t: { text: string; reasoning: string; toolCalls: unknown; finishReason: string | null }) => ({
  text: t.text,
  reasoning: t.reasoning,
  toolCalls: t.toolCalls,
  finishReason: t.finishReason,
});

describe('Anthropic and Gemini bench streams', () => {
  it('Anthropic: our path and the SDK assemble the expected turn; the floor parses every event', async () => {
    const g = anthropicThinkingTextTools(4 * 1024, 2 * 1024, 3, 1024);
    const pieces = piecesOf(new TextEncoder().encode(g.sse), 1000);
    const turn = await oursAnthropic(bodyFrom(pieces));
    expect(pick(turn)).toEqual(g.expected);
    expect(turn.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use', 'tool_use']);
    expect(turn.content[0]?.signature).toMatch(/^EqQB/);
    expect(pick(await sdkAnthropic(bodyFrom(pieces)))).toEqual(g.expected);
    expect(await floorNamed(bodyFrom(pieces))).toBe(g.sse.split('\n\n').length - 1);
    expect(g.sse.startsWith('event: message_start\ndata: {"type":"message_start"')).toBe(true);
  });

  it('Gemini: our path and the SDK into our reducer assemble the expected turn; the floor parses every chunk', async () => {
    const g = geminiThoughtsTextCalls(4 * 1024, 2 * 1024, 3, 1024);
    const pieces = piecesOf(new TextEncoder().encode(g.sse), 1000);
    const turn = await oursGemini(bodyFrom(pieces));
    expect(pick(turn)).toEqual(g.expected);
    expect(turn.parts.filter((p) => p.functionCall !== undefined).map((p) => p.thoughtSignature !== undefined)).toEqual(
      [true, false, false],
    );
    expect(await sdkGemini(bodyFrom(pieces))).toEqual(turn);
    expect(await floorCrlf(bodyFrom(pieces))).toBe(g.sse.split('\r\n\r\n').length - 1);
    expect(g.sse).not.toContain('event:');
  });
});
