import { describe, expect, it } from 'vitest';
import fixture from '../io/session-file/__fixtures__/export-v1.json';
import {
  flattenTool,
  unflattenTool,
  type FlatToolDefinition,
  type HttpToolSpec,
  type ToolDefinition,
} from './tool-definition';

const common = {
  id: 't',
  name: 'n',
  description: 'd',
  parameters: { type: 'object' },
  timeoutMs: null,
  needsApproval: false,
  enabled: true,
  createdAt: 1,
  updatedAt: 2,
};
const spec: HttpToolSpec = {
  method: 'GET',
  urlTemplate: 'https://a.example/{q}',
  headers: [],
  bodyTemplate: null,
  responseType: 'json',
};

describe('the flat layout of tools', () => {
  it('round-trips the tools of a version-1 file unchanged, keys in file order', () => {
    for (const flat of (fixture as { tools: FlatToolDefinition[] }).tools) {
      const again = flattenTool(unflattenTool(flat));
      expect(again).toEqual(flat);
      expect(Object.keys(again)).toEqual(Object.keys(flat));
    }
  });

  it('gives each kind only its own parts, and the flat layout nulls for the others', () => {
    const tools: ToolDefinition[] = [
      { ...common, kind: 'code', code: 'return 1;', allowedOrigins: ['https://a.example'] },
      { ...common, kind: 'http', http: spec },
      { ...common, kind: 'builtin', builtinId: 'fetch_url', allowPrivateAddresses: false },
      { ...common, kind: 'builtin', builtinId: 'js_eval' },
    ];
    expect(
      tools.map(flattenTool).map(({ kind, code, http, builtinId, allowedOrigins, allowPrivateAddresses }) => ({
        kind,
        code,
        http,
        builtinId,
        allowedOrigins,
        allowPrivateAddresses,
      })),
    ).toEqual([
      {
        kind: 'code',
        code: 'return 1;',
        http: null,
        builtinId: null,
        allowedOrigins: ['https://a.example'],
        allowPrivateAddresses: undefined,
      },
      { kind: 'http', code: null, http: spec, builtinId: null, allowedOrigins: [], allowPrivateAddresses: undefined },
      {
        kind: 'builtin',
        code: null,
        http: null,
        builtinId: 'fetch_url',
        allowedOrigins: [],
        allowPrivateAddresses: false,
      },
      {
        kind: 'builtin',
        code: null,
        http: null,
        builtinId: 'js_eval',
        allowedOrigins: [],
        allowPrivateAddresses: undefined,
      },
    ]);
    expect('allowPrivateAddresses' in flattenTool(tools[3]!)).toBe(false);
    for (const tool of tools) expect(unflattenTool(flattenTool(tool))).toEqual(tool);
  });

  it('drops what belongs to another kind and fills a missing part with its blank', () => {
    const flat: FlatToolDefinition = {
      ...common,
      kind: 'http',
      code: 'left over',
      http: null,
      builtinId: 'x',
      allowedOrigins: ['https://b.example'],
      allowPrivateAddresses: true,
    };
    expect(unflattenTool(flat)).toEqual({
      ...common,
      kind: 'http',
      http: { method: 'GET', urlTemplate: '', headers: [], bodyTemplate: null, responseType: 'json' },
    });
    expect(unflattenTool({ ...flat, kind: 'code', code: null })).toEqual({
      ...common,
      kind: 'code',
      code: '',
      allowedOrigins: ['https://b.example'],
    });
    expect(unflattenTool({ ...flat, kind: 'builtin', builtinId: null })).toEqual({
      ...common,
      kind: 'builtin',
      builtinId: '',
      allowPrivateAddresses: true,
    });
  });
});
