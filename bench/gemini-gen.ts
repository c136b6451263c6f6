/**
 * Generates a large Gemini `streamGenerateContent?alt=sse` body in memory, framed as the API sends it: `data:` lines
 * only, each a whole GenerateContentResponse (candidates with the new parts, usageMetadata, modelVersion,
 * responseId on every chunk), ended by CRLF CRLF. Thought parts, then text, then parallel function calls with the
 * turn's thoughtSignature on the first; the Developer API sends each call whole (only Vertex streams arguments).
 */
import { argumentsJSON, kb, rng, tokens, type GeneratedStream } from './sse-gen';

const RESPONSE_ID = 'QHiLaa6LBrb8vdIPoNzBench';

export function geminiThoughtsTextCalls(
  thoughtChars: number,
  textChars: number,
  calls: number,
  argChars: number,
): GeneratedStream {
  const random = rng(6);
  const out: string[] = [];
  let thoughtsTokens = 0;
  let candidatesTokens = 0;
  const chunk = (parts: Record<string, unknown>[], finishReason?: string) => {
    const body = {
      candidates: [{ content: { parts, role: 'model' }, ...(finishReason ? { finishReason } : {}), index: 0 }],
      usageMetadata: {
        promptTokenCount: 300,
        ...(candidatesTokens > 0 ? { candidatesTokenCount: candidatesTokens } : {}),
        totalTokenCount: 300 + candidatesTokens + thoughtsTokens,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 300 }],
        thoughtsTokenCount: thoughtsTokens,
      },
      modelVersion: 'gemini-bench-3-pro',
      responseId: RESPONSE_ID,
    };
    out.push(`data: ${JSON.stringify(body)}\r\n\r\n`);
  };
  const thoughts = tokens(random, thoughtChars);
  for (const t of thoughts) {
    thoughtsTokens++;
    chunk([{ text: t, thought: true }]);
  }
  const text = tokens(random, textChars);
  for (const t of text) {
    candidatesTokens++;
    chunk([{ text: t }]);
  }
  const toolCalls = Array.from({ length: calls }, (_, i) => ({
    id: `gemini_call_${RESPONSE_ID}_${i}`,
    name: `write_file_${i}`,
    arguments: argumentsJSON(random, i, argChars),
  }));
  candidatesTokens += 20 * calls;
  chunk(
    toolCalls.map((c, i) => ({
      functionCall: { name: c.name, args: JSON.parse(c.arguments) as unknown },
      ...(i === 0 ? { thoughtSignature: 'CiMBjz1rX25KieIB4d4AwFn8'.repeat(60) } : {}),
    })),
    'STOP',
  );
  return {
    name: `gemini: thoughts ${kb(thoughtChars)} → text ${kb(textChars)} → ${calls} calls`,
    sse: out.join(''),
    expected: { text: text.join(''), reasoning: thoughts.join(''), toolCalls, finishReason: 'tool_calls' },
  };
}
