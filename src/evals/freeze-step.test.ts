import { describe, expect, it } from 'vitest';
import { assistantMsg, toolMsg, userMsg } from '../db/testing/message-builders';
import { freezeStep, schemaFromArguments, StepNotFoundError } from './freeze-step';

const call = { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' };
const history = [
  userMsg('u1', 'Weather in Paris?'),
  assistantMsg('a1', 'r1', 1, '', [call]),
  toolMsg('t1', 'r1', 1, call, '18 °C'),
  assistantMsg('a2', 'r1', 2, 'It is 18 °C.'),
];

describe('freezeStep', () => {
  it('freezes the history before the step, the prompt as sent, the tools, and every recorded result of the path', () => {
    const f = freezeStep(
      { path: history, messageId: 'a1', model: 'gpt-x', systemPrompt: 'Sent prompt', parameters: { temperature: 0.3 } },
      [{ name: 'get_weather', description: 'w', parameters: { type: 'object' } }],
    );
    expect(f.request).toMatchObject({ model: 'gpt-x', systemPrompt: 'Sent prompt', temperature: 0.3 });
    expect(f.request.messages.map((m) => m.id)).toEqual(['u1']);
    expect(f.recorded).toEqual([
      { name: 'get_weather', arguments: '{"city":"Paris"}', result: '18 °C', isError: false },
    ]);
    expect(f.stepCalls).toEqual([call]);
    const last = freezeStep(
      { path: history, messageId: 'a2', model: 'gpt-x', systemPrompt: undefined, parameters: {} },
      [],
    );
    expect(last.request.messages.map((m) => m.id)).toEqual(['u1', 'a1', 't1']);
    expect('systemPrompt' in last.request || 'temperature' in last.request).toBe(false);
    expect(last.stepAnswer).toBe('It is 18 °C.');
  });

  it('refuses a message that is not an assistant step of the path', () => {
    expect(() =>
      freezeStep({ path: history, messageId: 'u1', model: 'm', systemPrompt: undefined, parameters: {} }, []),
    ).toThrow(StepNotFoundError);
  });

  it('suggests a schema the step arguments fit', () => {
    expect(schemaFromArguments('{"city":"Paris"}')).toEqual({
      type: 'object',
      properties: { city: { const: 'Paris' } },
      required: ['city'],
    });
    expect(schemaFromArguments('nope')).toEqual({ type: 'object' });
  });
});
