/**
 * The stream paths of Anthropic Messages and Gemini (docs/wire-formats.md), beside their floors and the official
 * SDKs' own stream helpers. Ours folds each event with `push()`, as the loop does for these formats
 * (agent/stream-attempt.ts), so every event also yields the UI's deltas.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import type { AccumulatedTurn } from '../src/agent/accumulator';
import { readSSEBatches } from '../src/llm/sse-reader';
import {
  createAnthropicAccumulator,
  isAnthropicStreamFinal,
  type AnthropicEvent,
  type AnthropicTurn,
} from '../src/llm/wire/anthropic/anthropic-stream';
import { createGeminiAccumulator, isGeminiFinal, type GeminiTurn } from '../src/llm/wire/gemini/gemini-accumulator';
import type { GeminiStreamChunk } from '../src/llm/wire/gemini/gemini-stream-types';

/** What an SDK's helper is checked on: the parts of a turn every path must agree on. */
export type SdkTurn = Pick<AccumulatedTurn, 'text' | 'reasoning' | 'toolCalls' | 'finishReason'>;

/**
 * The floor for Gemini's framing: `data:` lines only, each event ended by CRLF CRLF. Read, decode, split,
 * JSON.parse every payload; nothing else.
 */
export async function floorCrlf(body: ReadableStream<Uint8Array>): Promise<number> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let parsed = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\r\n\r\n');
    buffer = events.pop() ?? '';
    for (const event of events) if (JSON.parse(event.slice(6)) !== null) parsed++;
  }
  return parsed;
}

export async function oursAnthropic(body: ReadableStream<Uint8Array>): Promise<AnthropicTurn> {
  const acc = createAnthropicAccumulator();
  for await (const batch of readSSEBatches<AnthropicEvent>(body, { isFinal: isAnthropicStreamFinal }))
    for (const event of batch) acc.push(event);
  return acc.result();
}

export function anthropicReducerOnly(events: readonly AnthropicEvent[]): Promise<AnthropicTurn> {
  const acc = createAnthropicAccumulator();
  for (const event of events) acc.push(event);
  return Promise.resolve(acc.result());
}

export async function oursGemini(body: ReadableStream<Uint8Array>): Promise<GeminiTurn> {
  const acc = createGeminiAccumulator();
  for await (const batch of readSSEBatches<GeminiStreamChunk>(body, { isFinal: isGeminiFinal }))
    for (const chunk of batch) acc.push(chunk);
  return acc.result();
}

export function geminiReducerOnly(chunks: readonly GeminiStreamChunk[]): Promise<GeminiTurn> {
  const acc = createGeminiAccumulator();
  for (const chunk of chunks) acc.push(chunk);
  return Promise.resolve(acc.result());
}

/** The body the SDKs' fetch answers with next: each measured run sets a fresh one. */
let replay: ReadableStream<Uint8Array> | null = null;

function replayFetch(): Promise<Response> {
  const body = replay;
  replay = null;
  return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
}

const anthropic = new Anthropic({ apiKey: 'bench', baseURL: 'http://127.0.0.1:9', fetch: replayFetch, maxRetries: 0 });

/** Reference: `@anthropic-ai/sdk`'s MessageStream over the same bytes, to its accumulated final message. */
export async function sdkAnthropic(body: ReadableStream<Uint8Array>): Promise<SdkTurn> {
  replay = body;
  const message = await anthropic.messages
    .stream({ model: 'claude-bench-4-5', max_tokens: 32_000, messages: [{ role: 'user', content: 'go' }] })
    .finalMessage();
  let text = '';
  let reasoning = '';
  const toolCalls: SdkTurn['toolCalls'] = [];
  for (const block of message.content) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'thinking') reasoning += (reasoning === '' ? '' : '\n\n') + block.thinking;
    else if (block.type === 'tool_use')
      toolCalls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input) });
  }
  const finishReason = message.stop_reason === 'tool_use' ? 'tool_calls' : message.stop_reason;
  return { text, reasoning, toolCalls, finishReason };
}

const gemini = new GoogleGenAI({ apiKey: 'bench', httpOptions: { baseUrl: 'http://127.0.0.1:9', fetch: replayFetch } });

/**
 * Reference: `@google/genai`'s generateContentStream over the same bytes. The SDK has no accumulator of its own, so
 * its responses go into the same Gemini reducer (as the openai rows do with their SDK's stream).
 */
export async function sdkGemini(body: ReadableStream<Uint8Array>): Promise<GeminiTurn> {
  replay = body;
  const acc = createGeminiAccumulator();
  const stream = await gemini.models.generateContentStream({ model: 'gemini-bench-3-pro', contents: 'go' });
  for await (const response of stream) acc.push(response as GeminiStreamChunk);
  return acc.result();
}
