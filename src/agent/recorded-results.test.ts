import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage, ToolMessage } from '../domain/messages';
import { canonicalJson } from '../domain/call-identity';
import {
  canonicalArguments,
  indexRecordedResults,
  recordedCallsFromHistory,
  recordedResultsCursor,
  sameArguments,
} from './recorded-results';

const assistant = (id: string, calls: [string, string, string][]): AssistantMessage => ({
  id,
  role: 'assistant',
  createdAt: 0,
  content: '',
  reasoning: '',
  refusal: null,
  toolCalls: calls.map(([callId, name, args]) => ({ id: callId, name, arguments: args })),
  status: 'complete',
  runId: 'r1',
  turn: 0,
});

const tool = (callId: string, content: string, outcome: ToolMessage['outcome'] = 'ok'): ToolMessage => ({
  id: `t-${callId}-${content}`,
  role: 'tool',
  createdAt: 0,
  toolCallId: callId,
  name: 'x',
  content,
  isError: outcome !== 'ok',
  outcome,
  runId: 'r1',
  turn: 0,
});

describe('canonical arguments', () => {
  it('ignores key order at every depth, spacing and string escapes', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'é' } })).toBe(
      '{"a":{"c":"é","d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(sameArguments('{"city":"Paris","days":3}', '{ "days": 3,\n "city": "Par\\u0069s" }')).toBe(true);
    expect(sameArguments('{"n":1.0}', '{"n":1}')).toBe(true);
  });

  it('tells different values apart: array order, types, nesting', () => {
    expect(sameArguments('{"a":[1,2]}', '{"a":[2,1]}')).toBe(false);
    expect(sameArguments('{"a":"1"}', '{"a":1}')).toBe(false);
    expect(sameArguments('{"a":{"b":1}}', '{"a":{"b":1,"c":null}}')).toBe(false);
  });

  it('reads empty arguments as {} and keeps text that is not JSON apart from any JSON value', () => {
    expect(canonicalArguments('  ')).toEqual({ kind: 'json', text: '{}' });
    expect(sameArguments('', '{}')).toBe(true);
    expect(canonicalArguments('{"a":')).toEqual({ kind: 'not_json', text: '{"a":' });
    expect(sameArguments('{"a":', '{"a":')).toBe(true);
    expect(sameArguments('"{}"', '{}')).toBe(false);
  });
});

describe('recorded results of a history', () => {
  const history: ChatMessage[] = [
    { id: 'u1', role: 'user', createdAt: 0, content: 'weather?' },
    assistant('a1', [
      ['call_1', 'get_weather', '{"city":"Paris"}'],
      ['call_2', 'get_weather', '{"city":"Oslo"}'],
    ]),
    tool('call_2', 'snow'),
    tool('call_1', 'sun'),
    assistant('a2', [['call_1', 'get_weather', '{ "city" : "Paris" }']]),
    tool('call_1', 'rain'),
    assistant('a3', [
      ['call_3', 'fetch', '{}'],
      ['call_4', 'fetch', '{"u":1}'],
    ]),
    tool('call_3', 'Denied by you.', 'denied'),
    tool('call_4', 'HTTP 500', 'error'),
  ];

  it('pairs each call with its own answer, a reused call id included, and skips calls that never ran', () => {
    const calls = recordedCallsFromHistory(history);
    expect(calls.map((c) => [c.messageId, c.callId, c.content, c.outcome])).toEqual([
      ['a1', 'call_1', 'sun', 'ok'],
      ['a1', 'call_2', 'snow', 'ok'],
      ['a2', 'call_1', 'rain', 'ok'],
      ['a3', 'call_4', 'HTTP 500', 'error'],
    ]);
  });

  it('finds a call by tool and canonical arguments, whatever its id; another tool or argument is no match', () => {
    const index = indexRecordedResults(recordedCallsFromHistory(history));
    expect(index.size).toBe(4);
    expect(index.lookup('get_weather', '{"city":   "Paris"}')?.content).toBe('sun');
    expect(index.all('get_weather', '{"city":"Paris"}').map((c) => c.content)).toEqual(['sun', 'rain']);
    expect(index.lookup('get_weather', '{"city":"Rome"}')).toBeNull();
    expect(index.lookup('get_forecast', '{"city":"Paris"}')).toBeNull();
    expect(index.lookup('fetch', '{}')).toBeNull();
    expect(index.lookup('fetch', '{"u":1}')).toMatchObject({ isError: true, content: 'HTTP 500' });
  });

  it('a cursor answers identical calls in recorded order, then repeats the last', () => {
    const cursor = recordedResultsCursor(indexRecordedResults(recordedCallsFromHistory(history)));
    const paris = () => cursor.next('get_weather', '{"city":"Paris"}')?.content;
    expect([paris(), paris(), paris()]).toEqual(['sun', 'rain', 'rain']);
    expect(cursor.next('get_weather', '{"city":"Oslo"}')?.content).toBe('snow');
    expect(cursor.next('nope', '{}')).toBeNull();
  });
});
