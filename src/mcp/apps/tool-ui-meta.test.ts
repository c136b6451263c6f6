import { describe, expect, it } from 'vitest';
import { appMayCall, modelMayCall, readToolUiMeta } from './tool-ui-meta';

describe('readToolUiMeta', () => {
  it('reads the resource address and the visibility', () => {
    expect(readToolUiMeta({ ui: { resourceUri: 'ui://s/view', visibility: ['app'] } })).toEqual({
      resourceUri: 'ui://s/view',
      visibility: ['app'],
    });
  });
  it('reads the flat early key', () => {
    expect(readToolUiMeta({ 'ui/resourceUri': 'ui://s/v' })).toEqual({ resourceUri: 'ui://s/v' });
  });
  it('ignores addresses that are not ui:// and unknown audiences', () => {
    expect(readToolUiMeta({ ui: { resourceUri: 'https://evil.example/x' } })).toBeUndefined();
    expect(readToolUiMeta({ ui: { visibility: ['model', 'root', 3] } })).toEqual({ visibility: ['model'] });
    expect(readToolUiMeta('nonsense')).toBeUndefined();
    expect(readToolUiMeta(undefined)).toBeUndefined();
  });
});

describe('visibility', () => {
  it('lets both call a tool that says nothing', () => {
    expect(modelMayCall(undefined)).toBe(true);
    expect(appMayCall(undefined)).toBe(true);
    expect(appMayCall({ resourceUri: 'ui://a' })).toBe(true);
  });
  it('keeps a model-only tool from a View and an app-only tool from the model', () => {
    expect(appMayCall({ visibility: ['model'] })).toBe(false);
    expect(modelMayCall({ visibility: ['app'] })).toBe(false);
    expect(appMayCall({ visibility: [] })).toBe(false);
  });
});
