import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExportData, checkExportText, type CheckResult } from './check-file';
import { buildSessionSchema, LIMITS } from './schema-source';
import { fixtureFile } from '../testing/export-fixture';

const read = (rel: string) => readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');

type Loose = Record<string, unknown>;
/** The fixture as plain nested data that a test may break anywhere. */
const loose = (): Loose & {
  sessions: (Loose & { session: Loose; messages: Loose[]; toolCalls: Loose[]; runs: Loose[]; events: Loose[] })[];
  tools: Loose[];
} => JSON.parse(JSON.stringify(fixtureFile()));

function failure(result: CheckResult) {
  if (result.ok) throw new Error('expected the file to be refused');
  return result.failure;
}
const issuesOf = (result: CheckResult) => {
  const f = failure(result);
  return 'issues' in f ? f.issues : [];
};

describe('schema files', () => {
  it('the checked-in schema is what the source builds, and public/ serves the identical file', () => {
    const src = read('./session-schema.json');
    expect(JSON.parse(src)).toEqual(buildSessionSchema());
    expect(read('../../../public/schema/toolscope-session-v1.json')).toBe(src);
  });
});

describe('checkExportData', () => {
  it('accepts the frozen version-1 fixture', () => {
    expect(checkExportText(read('./__fixtures__/export-v1.json'))).toMatchObject({ ok: true });
  });

  it('names the path and the allowed values for an unknown role', () => {
    const f = loose();
    f.sessions[0]!.messages[1]!.role = 'robot';
    expect(issuesOf(checkExportData(f))).toContainEqual({
      path: '$.sessions[0].messages[1].role',
      expected: 'one of "system", "user", "assistant", "tool"',
    });
  });

  it('names the expected type for a wrong type', () => {
    const f = loose();
    f.sessions[0]!.messages[2]!.content = 42;
    expect(issuesOf(checkExportData(f))).toContainEqual({
      path: '$.sessions[0].messages[2].content',
      expected: 'a value of type string',
    });
  });

  it('reports a missing required property at its own path', () => {
    const f = loose();
    delete f.sessions[0]!.runs[0]!.usage;
    expect(issuesOf(checkExportData(f))).toContainEqual({
      path: '$.sessions[0].runs[0].usage',
      expected: 'a value (this property is required)',
    });
  });

  it('refuses properties the format does not define', () => {
    const f = loose();
    f.sessions[0]!.session.apiKey = 'sk-leak';
    expect(issuesOf(checkExportData(f))).toContainEqual({
      path: '$.sessions[0].session.apiKey',
      expected: 'nothing: this property is not part of the format',
    });
  });

  it('refuses an unknown event type and a bad tool outcome enum', () => {
    const f = loose();
    f.sessions[0]!.events[4]!.type = 'teleport';
    f.sessions[0]!.toolCalls[0]!.status = 'exploded';
    const issues = issuesOf(checkExportData(f));
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['$.sessions[0].events[4].type', '$.sessions[0].toolCalls[0].status']),
    );
  });

  it('refuses a huge string with its length cap', () => {
    const f = loose();
    f.sessions[0]!.session.title = 'x'.repeat(LIMITS.title + 1);
    expect(issuesOf(checkExportData(f))).toContainEqual({
      path: '$.sessions[0].session.title',
      expected: `a string of at most ${LIMITS.title} characters`,
    });
  });

  it('refuses a secret header that carries a value', () => {
    const f = loose();
    const http = f.tools[1]!.http as { headers: { value: string }[] };
    http.headers[1]!.value = 'sk-secret';
    expect(issuesOf(checkExportData(f))).toContainEqual({
      path: '$.tools[1].http.headers[1].value',
      expected: 'an empty string (secret header values are never part of an export)',
    });
  });

  it('refuses a malformed export time', () => {
    const f = loose();
    f.exportedAt = 'last Tuesday';
    expect(issuesOf(checkExportData(f))[0]?.path).toBe('$.exportedAt');
  });

  it('says plainly when the file is another format or version', () => {
    expect(failure(checkExportData({ hello: 1 }))).toMatchObject({ stage: 'envelope', issues: [{ path: '$.format' }] });
    const f = loose();
    f.version = 2;
    expect(failure(checkExportData(f))).toMatchObject({ stage: 'envelope', issues: [{ path: '$.version' }] });
    expect(failure(checkExportData([]))).toMatchObject({ stage: 'envelope', issues: [{ path: '$' }] });
  });

  it('takes an OpenAI messages file or a chat request as a new session, not as a wrong format', () => {
    const messages = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
    ];
    expect(checkExportData(messages).ok).toBe(true);
    expect(checkExportData({ model: 'gpt-4o', messages }).ok).toBe(true);
    // Other wrong shapes say what was found.
    expect(issuesOf(checkExportData([1, 2]))[0]?.expected).toBe(
      'a JSON object (a Toolscope session export) or a list of OpenAI chat messages, found an array of 2 items',
    );
    expect(issuesOf(checkExportData('text'))[0]?.expected).toBe(
      'a JSON object (a Toolscope session export) or a list of OpenAI chat messages, found a string',
    );
  });

  it('lists at most 20 issues but counts them all', () => {
    const f = loose();
    for (const m of f.sessions[0]!.messages) m.createdAt = 'soon';
    const fail = failure(checkExportData(f));
    expect(fail.stage).toBe('schema');
    if (fail.stage === 'json') throw new Error('unreachable');
    expect(fail.issues.length).toBeLessThanOrEqual(20);
    expect(fail.total).toBe(f.sessions[0]!.messages.length);
  });

  it('refuses prototype-pollution keys anywhere, before schema validation', () => {
    const text = read('./__fixtures__/export-v1.json').replace(
      '"content": "What is the weather',
      '"__proto__": {"polluted": true}, "content": "What is the weather',
    );
    const fail = failure(checkExportText(text));
    expect(fail).toMatchObject({ stage: 'hostile', issues: [{ path: '$.sessions[0].messages[0].__proto__' }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const f = loose();
    (f.tools[0]!.parameters as Loose).properties = JSON.parse('{"constructor": {"prototype": {"isAdmin": true}}}');
    expect(failure(checkExportData(f))).toMatchObject({
      stage: 'hostile',
      issues: [{ path: '$.tools[0].parameters.properties.constructor' }],
    });
  });

  it('keeps plain "constructor" and "prototype" keys: a tool may have parameters named so, and must re-import', () => {
    const f = loose();
    (f.tools[0]!.parameters as Loose).properties = JSON.parse(
      '{"constructor": {"type": "string"}, "prototype": {"type": "number"}}',
    );
    expect(checkExportData(f)).toMatchObject({ ok: true });
  });

  it('refuses absurd nesting without overflowing the stack', () => {
    const f = loose();
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    (f.tools[0]!.parameters as Loose).deep = deep;
    expect(failure(checkExportData(f))).toMatchObject({ stage: 'hostile' });
  });

  it('explains truncated and corrupt JSON with a position', () => {
    const text = read('./__fixtures__/export-v1.json');
    const truncated = failure(checkExportText(text.slice(0, 5000)));
    expect(truncated).toMatchObject({ stage: 'json', error: { position: 5000 } });
    expect(truncated.message).toMatch(/line \d+, column \d+/);
    expect(truncated.message).toMatch(/ends early/);

    const at = text.indexOf('"title"');
    const corrupt = text.slice(0, at) + "'title'" + text.slice(at + 7);
    expect(failure(checkExportText(corrupt))).toMatchObject({ stage: 'json', error: { position: at } });
    expect(failure(checkExportText(''))).toMatchObject({ stage: 'json', message: 'The file is empty.' });
  });
});
