import { describe, expect, it } from 'vitest';
import { ASSISTANT_STATUSES, TOOL_OUTCOMES, isToolOutcome } from './messages';
import { LIMIT_STOPS, SESSION_STATUSES, isLimitStop } from './session';
import { STOP_REASONS, isStopReason } from './stop-reason';
import { statusAfterStop } from './session';
import { buildSessionSchema } from '../io/session-file/schema-source';

/** Every enum the export schema lists, by the property it constrains, wherever it sits in the schema. */
function enumsOf(schema: unknown, key: string, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(schema)) for (const item of schema) enumsOf(item, key, found);
  else if (schema !== null && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === key && v !== null && typeof v === 'object' && 'enum' in v && Array.isArray(v.enum)) found.push(v.enum);
      enumsOf(v, key, found);
    }
  }
  return found;
}

describe('domain value lists (written once, read everywhere)', () => {
  it('guards accept exactly the listed values', () => {
    for (const o of TOOL_OUTCOMES) expect(isToolOutcome(o)).toBe(true);
    expect(isToolOutcome('running')).toBe(false);
    for (const r of STOP_REASONS) expect(isStopReason(r)).toBe(true);
    expect(isStopReason('finished')).toBe(false);
    expect(LIMIT_STOPS.every((r) => isLimitStop(r) && isStopReason(r))).toBe(true);
    expect(isLimitStop('complete')).toBe(false);
    expect(isLimitStop(null)).toBe(false);
  });

  it('every stop reason maps to a session status from the list', () => {
    for (const r of STOP_REASONS) expect(SESSION_STATUSES).toContain(statusAfterStop(r));
  });

  it('the export schema takes its enums from the domain lists', () => {
    const schema = buildSessionSchema();
    expect(enumsOf(schema, 'stopReason')).toContainEqual([...STOP_REASONS]);
    expect(enumsOf(schema, 'outcome')).toContainEqual([...TOOL_OUTCOMES]);
    expect(enumsOf(schema, 'status')).toContainEqual([...SESSION_STATUSES]);
    expect(enumsOf(schema, 'status')).toContainEqual([...ASSISTANT_STATUSES]);
    expect(enumsOf(schema, 'limitStop')).toContainEqual([...LIMIT_STOPS]);
  });
});
