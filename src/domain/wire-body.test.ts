import { describe, expect, it } from 'vitest';
import { isEventStream, responseBodyOf } from './wire-body';
import type { WireRead, WireResponse } from './wire-exchange';

const response = (reads: WireRead[], type = 'application/json'): WireResponse => ({
  status: 200,
  headers: [{ name: 'Content-Type', value: type }],
  headersAtMs: 1,
  reads,
  endedAtMs: 9,
});
const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

describe('responseBodyOf', () => {
  it('joins text reads as they are', () => {
    expect(
      responseBodyOf(
        response([
          { atMs: 2, text: '{"a":' },
          { atMs: 3, text: '1}' },
        ]),
      ),
    ).toEqual({
      encoding: 'utf8',
      data: '{"a":1}',
    });
  });

  it('gives text back when a character was cut between two reads kept as bytes', () => {
    const euro = [0xe2, 0x82, 0xac];
    const reads: WireRead[] = [
      { atMs: 2, text: b64([0x22, euro[0]!]), encoding: 'base64' },
      { atMs: 3, text: b64([euro[1]!, euro[2]!, 0x22]), encoding: 'base64' },
    ];
    expect(responseBodyOf(response(reads))).toEqual({ encoding: 'utf8', data: '"€"' });
  });

  it('keeps bytes that are not UTF-8 as base64, whole', () => {
    const reads: WireRead[] = [
      { atMs: 2, text: 'ab' },
      { atMs: 3, text: b64([0xff, 0x00]), encoding: 'base64' },
    ];
    expect(responseBodyOf(response(reads))).toEqual({ encoding: 'base64', data: b64([0x61, 0x62, 0xff, 0x00]) });
  });
});

describe('isEventStream', () => {
  it('reads the content type, with parameters and in any case', () => {
    expect(isEventStream(response([], 'text/event-stream'))).toBe(true);
    expect(isEventStream(response([], 'Text/Event-Stream; charset=utf-8'))).toBe(true);
    expect(isEventStream(response([], 'application/json'))).toBe(false);
    expect(isEventStream({ ...response([]), headers: [] })).toBe(false);
  });
});
