import { findJsonFault, lineAndColumn } from './json-scan';
import { childPath } from '../json-path';

export type ParseFailure = {
  kind: 'json';
  message: string;
  position: number;
  line: number;
  column: number;
  /** A few characters around the position, for the dialog. */
  excerpt: string;
};

type ParseResult = { ok: true; data: unknown } | { ok: false; error: ParseFailure };

export function parseJsonText(text: string): ParseResult {
  if (text.trim() === '') {
    return {
      ok: false,
      error: { kind: 'json', message: 'The file is empty.', position: 0, line: 1, column: 1, excerpt: '' },
    };
  }
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    const fault = findJsonFault(text) ?? { position: 0, reason: 'the text is not valid JSON' };
    const { line, column } = lineAndColumn(text, fault.position);
    const from = Math.max(0, fault.position - 40);
    const excerpt = text.slice(from, fault.position + 40).replace(/[\r\n\t]/g, ' ');
    return {
      ok: false,
      error: {
        kind: 'json',
        message: `Not valid JSON at line ${line}, column ${column} (character ${fault.position}): ${fault.reason}.`,
        position: fault.position,
        line,
        column,
        excerpt,
      },
    };
  }
}

/**
 * The shapes that reach Object.prototype when a parsed object is later merged: `__proto__` anywhere, and
 * `constructor` holding a `prototype`. A plain `constructor` or `prototype` key is data (a tool may well have a
 * parameter named so) and must survive export and import, or the round trip would not be lossless.
 */
const isHostileKey = (key: string, value: unknown): boolean =>
  key === '__proto__' ||
  (key === 'constructor' &&
    typeof value === 'object' &&
    value !== null &&
    Object.prototype.hasOwnProperty.call(value, 'prototype'));
export const MAX_DEPTH = 64;

type ShapeProblem = { path: string; problem: string };

/**
 * Walks the whole parsed value (iteratively, so a deeply nested file cannot overflow the stack) and
 * reports the first prototype-pollution key or excessive nesting. JSON.parse makes `__proto__` an
 * own property, which is harmless until some code copies it with spread or Object.assign.
 */
export function findHostileShape(data: unknown): ShapeProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: data, path: '$', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH) return { path, problem: `nesting deeper than ${MAX_DEPTH} levels` };
    if (Array.isArray(value)) {
      for (let k = value.length - 1; k >= 0; k--)
        stack.push({ value: value[k], path: childPath(path, k), depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (isHostileKey(key, (value as Record<string, unknown>)[key])) {
        return { path: childPath(path, key), problem: `the key "${key}" is not allowed (prototype pollution)` };
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: childPath(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/** The one refusal of a hostile shape, whatever the format: every reader returns this, in these words. */
type HostileFailure = { stage: 'hostile'; message: string; issues: { path: string; expected: string }[]; total: 1 };

export function hostileShapeFailure(data: unknown): HostileFailure | null {
  const hostile = findHostileShape(data);
  if (!hostile) return null;
  return {
    stage: 'hostile',
    message: 'The file contains a structure that is refused for safety.',
    issues: [{ path: hostile.path, expected: `no such key or nesting: ${hostile.problem}` }],
    total: 1,
  };
}
