import { describe, expect, it } from 'vitest';
import { assembleSystemPrompt, buildLayers, LAYER_ORDER } from './system-prompt';

describe('layered system prompt', () => {
  const input = {
    basePrompt: 'Base.',
    sessionPrompt: 'Be terse.',
    tools: [{ name: 'weather', description: 'Weather by city', parameters: { type: 'object' } }],
    now: new Date('2026-11-22T10:00:00Z'),
    timeZone: 'Europe/Paris',
    memories: ['User likes tea'],
  };
  it('builds the layers in the fixed order and skips empty ones', () => {
    const layers = buildLayers(input);
    expect(layers.map((l) => l.id)).toEqual([...LAYER_ORDER]);
    expect(buildLayers({ ...input, sessionPrompt: ' ', memories: [] }).map((l) => l.id)).toEqual([
      'base',
      'tools',
      'workspace',
    ]);
  });
  it('puts tool docs, date, zone and memories in their layers', () => {
    const text = assembleSystemPrompt(buildLayers(input));
    expect(text.indexOf('Base.')).toBeLessThan(text.indexOf('Be terse.'));
    expect(text.indexOf('Be terse.')).toBeLessThan(text.indexOf('- weather: Weather by city'));
    expect(text).toContain('2026-11-22T10:00:00.000Z (time zone Europe/Paris)');
    expect(text.indexOf('Europe/Paris')).toBeLessThan(text.indexOf('- User likes tea'));
  });
});
