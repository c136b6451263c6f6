import { describe, expect, it } from 'vitest';
import {
  BadBaseUrlError,
  DuplicateModelError,
  MissingBaseUrlError,
  MissingModelError,
  modelTargetLabel,
  NoModelsError,
  parseModelTargets,
  SpaceInModelError,
  UnknownEndpointError,
} from './model-targets';

const own = 'https://api.example.com/v1';
const saved = new Set(['http://127.0.0.1:9000/v1']);
const parse = (text: string) => parseModelTargets(text, { ownBaseURL: own, isSavedEndpoint: (u) => saved.has(u) });

describe('the Models textbox', () => {
  it('reads one model per line, blank lines skipped, "@ <base URL>" naming another saved endpoint', () => {
    expect(parse('gpt-4o\n\n  llama3:8b @ http://127.0.0.1:9000/v1  \r\nvertex/claude@2024 \n')).toEqual({
      ok: true,
      targets: [
        { model: 'gpt-4o', line: 1 },
        { model: 'llama3:8b', baseURL: 'http://127.0.0.1:9000/v1', line: 3 },
        { model: 'vertex/claude@2024', line: 4 },
      ],
    });
  });

  it('treats "@ <the step\'s own endpoint>" as the step\'s endpoint, so it duplicates the bare model', () => {
    const r = parse('gpt-4o\ngpt-4o @ https://API.example.com/v1/');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toBeInstanceOf(DuplicateModelError);
    expect(r.errors[0]).toMatchObject({ line: 2, firstLine: 1, kind: 'duplicate_model' });
  });

  it('reports every bad line with its own error and line number', () => {
    const r = parse(
      [
        '@ http://127.0.0.1:9000/v1',
        'gpt-4o @',
        'gpt-4o @ ftp://x',
        'gpt 4o',
        'm @ https://elsewhere.example/v1',
        'ok-model',
      ].join('\n'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.constructor, 'line' in e ? e.line : 0])).toEqual([
      [MissingModelError, 1],
      [MissingBaseUrlError, 2],
      [BadBaseUrlError, 3],
      [SpaceInModelError, 4],
      [UnknownEndpointError, 5],
    ]);
    expect(r.errors[4]?.message).toBe(
      'Line 5: https://elsewhere.example/v1 is not a saved endpoint; save it (with its key) in Settings first.',
    );
  });

  it('asks for at least one model when the text has none', () => {
    const r = parse(' \n\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toBeInstanceOf(NoModelsError);
  });

  it('labels a target by its model, with the host of another endpoint', () => {
    expect(modelTargetLabel({ model: 'gpt-4o' })).toBe('gpt-4o');
    expect(modelTargetLabel({ model: 'llama3', baseURL: 'http://127.0.0.1:9000/v1' })).toBe('llama3 @ 127.0.0.1:9000');
  });
});
