import { describe, expect, it } from 'vitest';
import type { HttpToolDefinition } from '../../domain/tool-definition';
import { checkForm, formFromDefinition, formMatches, newFormHeader, secretsForSave, type ToolForm } from './tool-form';

const def: HttpToolDefinition = {
  id: 't1',
  name: 'search',
  description: 'd',
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
  kind: 'http',
  http: {
    method: 'GET',
    urlTemplate: 'https://api.example/{q}',
    bodyTemplate: null,
    responseType: 'json',
    headers: [
      { name: 'Authorization', value: '', secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
    ],
  },
  timeoutMs: null,
  needsApproval: false,
  enabled: true,
  createdAt: 1,
  updatedAt: 1,
};

describe('header secrets in the tool form', () => {
  it('keeps a typed secret with its row through a rename, and knows where each saved secret lives', () => {
    const loaded = formFromDefinition(def);
    expect(loaded.headers.map((h) => h.storedName)).toEqual(['Authorization', null]);
    const added = { ...newFormHeader({ secret: true }), name: 'X-Ke', secretValue: 'typed-early' };
    const form: ToolForm = {
      ...loaded,
      headers: [{ ...loaded.headers[0]!, name: 'X-Auth' }, loaded.headers[1]!, { ...added, name: 'X-Key' }],
    };
    const check = checkForm(form, def, [], 2);
    expect(check.errors).toEqual({});
    // The checked definition never holds a secret value…
    expect(JSON.stringify(check.definition)).not.toContain('typed-early');
    // …and what goes to saveTool carries it on the renamed row.
    const { tool, storedNames } = secretsForSave(form, check.definition);
    expect(tool.kind === 'http' ? tool.http.headers : null).toEqual([
      { name: 'X-Auth', value: '', secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
      { name: 'X-Key', value: 'typed-early', secret: true },
    ]);
    expect(storedNames).toEqual(['Authorization', null, null]);
  });

  it('gives every row its own id', () => {
    const form = formFromDefinition(def);
    expect(new Set([...form.headers, newFormHeader()].map((h) => h.rowId)).size).toBe(3);
  });
});

describe('formMatches', () => {
  it('is true for a form as loaded, whatever the order its fields were set in', () => {
    const form = formFromDefinition(def);
    expect(formMatches(form, def)).toBe(true);
    const { name, ...rest } = form;
    expect(formMatches({ ...rest, name } as ToolForm, def)).toBe(true);
  });

  it('is false once any field, header or typed secret differs, and true again when it is put back', () => {
    const form = formFromDefinition(def);
    expect(formMatches({ ...form, code: 'return 1;' }, def)).toBe(false);
    expect(formMatches({ ...form, needsApproval: true }, def)).toBe(false);
    const headers = form.headers.map((h, i) => (i === 0 ? { ...h, secretValue: 'sk-typed' } : h));
    expect(formMatches({ ...form, headers }, def)).toBe(false);
    expect(formMatches({ ...form, headers: [...form.headers, newFormHeader()] }, def)).toBe(false);
    expect(formMatches({ ...form, description: 'changed' }, def)).toBe(false);
    expect(formMatches({ ...form, description: def.description }, def)).toBe(true);
  });
});
