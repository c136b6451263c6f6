import { describe, expect, it } from 'vitest';
import { flattenTool, unflattenTool, type FlatToolDefinition } from '../domain/tool-definition';
import { checkDefinition, newDefinition, parseParametersText, validateDefinition } from './definition';
import { createInProcessValidator } from './validation/in-process-validator';

/** Tools in the flat layout validateDefinition reads (as the editor and an import hand them over). */
function codeTool(patch: Partial<FlatToolDefinition> = {}): FlatToolDefinition {
  return { ...flattenTool(newDefinition('id-1', 1)), name: 'add', description: 'Adds numbers', ...patch };
}

function httpTool(patch: Partial<FlatToolDefinition> = {}): FlatToolDefinition {
  return codeTool({
    kind: 'http',
    code: null,
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    http: {
      method: 'POST',
      urlTemplate: 'https://api.example.com/search/{q}',
      headers: [],
      bodyTemplate: '{"query": {{q}}}',
      responseType: 'json',
    },
    ...patch,
  });
}

describe('validateDefinition', () => {
  it('accepts a well-formed code tool', () => {
    expect(validateDefinition(codeTool(), [])).toEqual({ ok: true });
  });

  it.each(['', 'has space', 'a'.repeat(65), 'dot.name', 'ünïcode'])('rejects the name %j', (name) => {
    const r = validateDefinition(codeTool({ name }), []);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.name?.length).toBeGreaterThan(0);
  });

  it('rejects a name another tool has, but not the tool being edited', () => {
    const clash = validateDefinition(codeTool(), [{ id: 'other', name: 'add' }]);
    expect(clash.ok === false && clash.errors.name?.[0]).toMatch(/already named/);
    expect(validateDefinition(codeTool(), [{ id: 'id-1', name: 'add' }])).toEqual({ ok: true });
  });

  it('reports schema errors on the parameters field', () => {
    const notObject = validateDefinition(codeTool({ parameters: { type: 'string' } }), []);
    expect(notObject.ok === false && notObject.errors.parameters).toEqual([
      'Parameters must be a schema of type "object".',
    ]);
  });

  it("checkDefinition adds what the meta-schema and a trial compile say, next to the other fields' errors", async () => {
    const validator = createInProcessValidator();
    const badKeyword = await checkDefinition(
      unflattenTool(codeTool({ parameters: { type: 'object', properties: { a: { type: 'strin' } } } })),
      [],
      new Set(),
      validator,
    );
    expect(badKeyword.ok).toBe(false);
    if (!badKeyword.ok) expect(badKeyword.errors.parameters?.join(' ')).toMatch(/properties\/a\/type/);
    const both = await checkDefinition(
      unflattenTool(
        codeTool({ name: 'a b', parameters: { type: 'object', properties: { a: { $ref: '#/defs/none' } } } }),
      ),
      [],
      new Set(),
      validator,
    );
    expect(both.ok === false && both.errors.name).toHaveLength(1);
    expect(both.ok === false && both.errors.parameters?.[0]).toMatch(/resolve reference/);
    expect(await checkDefinition(unflattenTool(codeTool()), [], new Set(), validator)).toEqual({ ok: true });
  });

  it('checkDefinition does not ask the validator about parameters that are not an object schema', async () => {
    const asked: unknown[] = [];
    const r = await checkDefinition(unflattenTool(codeTool({ parameters: { type: 'string' } })), [], new Set(), {
      schemaProblems: async (schema) => {
        asked.push(schema);
        return [];
      },
    });
    expect(r.ok === false && r.errors.parameters).toEqual(['Parameters must be a schema of type "object".']);
    expect(asked).toEqual([]);
  });

  it('requires code for code tools and a known id for built-ins', () => {
    const noCode = validateDefinition(codeTool({ code: '  ' }), []);
    expect(noCode.ok === false && noCode.errors.code).toBeTruthy();
    const builtin = codeTool({ kind: 'builtin', code: null, builtinId: 'current_time' });
    expect(validateDefinition(builtin, [], new Set(['current_time']))).toEqual({ ok: true });
    const unknown = validateDefinition({ ...builtin, builtinId: 'nope' }, [], new Set(['current_time']));
    expect(unknown.ok === false && unknown.errors.builtinId).toBeTruthy();
  });

  it('accepts a well-formed HTTP tool and checks its fields', () => {
    expect(validateDefinition(httpTool(), [])).toEqual({ ok: true });
    const bad = validateDefinition(
      httpTool({
        http: {
          method: 'POST',
          urlTemplate: 'ftp://x/{missing}',
          headers: [{ name: 'Authorization', value: 'Bearer leaked', secret: true }],
          bodyTemplate: '{"q": {{q}}',
          responseType: 'json',
        },
      }),
      [],
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors['http.urlTemplate']).toEqual([
      'The URL must start with http:// or https://.',
      'Placeholder {missing} is not a parameter.',
    ]);
    expect(bad.errors['http.headers']?.[0]).toMatch(/Secret header/);
    expect(bad.errors['http.bodyTemplate']?.[0]).toMatch(/must be JSON/);
  });

  it.each([
    'https://{host}/search',
    'https://api.example.com:{port}/search',
    'https://{q}.example.com/search',
    'https://api.example.com{q}',
    'https://user{q}@api.example.com/',
    '{q}/search',
  ])('refuses a placeholder in the origin of %s, saying where placeholders may go', (urlTemplate) => {
    const params = {
      type: 'object',
      properties: { q: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' } },
    };
    const r = validateDefinition(
      httpTool({
        parameters: params,
        http: { method: 'GET', urlTemplate, headers: [], bodyTemplate: null, responseType: 'json' },
      }),
      [],
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors['http.urlTemplate']?.[0]).toMatch(
      /Write the scheme, host and port out in full .*placeholders may only come after the host/,
    );
  });

  it.each([
    'https://api.example.com/{q}',
    'https://api.example.com?q={q}',
    'https://api.example.com:8443/v1#{q}',
    'http://127.0.0.1:9/x',
  ])('accepts the literal origin of %s', (urlTemplate) => {
    const r = validateDefinition(
      httpTool({ http: { method: 'GET', urlTemplate, headers: [], bodyTemplate: null, responseType: 'json' } }),
      [],
    );
    expect(r).toEqual({ ok: true });
  });

  it('checks allowed origins and the timeout', () => {
    const r = validateDefinition(
      codeTool({ allowedOrigins: ['https://ok.example', 'https://x.example/path', 'nope'], timeoutMs: 5 }),
      [],
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.allowedOrigins).toHaveLength(2);
    expect(r.errors.timeoutMs).toHaveLength(1);
  });
});

describe('parseParametersText', () => {
  it('parses parameter text and explains failures', () => {
    expect(parseParametersText('{"type":"object"}')).toEqual({ ok: true, value: { type: 'object' } });
    expect(parseParametersText('[1]')).toEqual({ ok: false, error: 'Parameters must be a JSON object.' });
    const bad = parseParametersText('{');
    expect(bad.ok === false && bad.error).toMatch(/^Not valid JSON/);
  });
});
