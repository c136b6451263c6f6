import { describe, expect, it } from 'vitest';
import { promptText, toPromptInfo } from './prompt-shapes';

describe('prompt shapes', () => {
  it('lists arguments with required made explicit', () => {
    expect(
      toPromptInfo({
        name: 'p',
        arguments: [
          { name: 'city', required: true },
          { name: 'state', description: 'opt' },
        ],
      }),
    ).toEqual({
      name: 'p',
      arguments: [
        { name: 'city', required: true },
        { name: 'state', description: 'opt', required: false },
      ],
    });
  });

  it('joins the messages into the text to insert, naming what is not text', () => {
    const text = promptText({
      messages: [
        { role: 'user', content: { type: 'text', text: 'first' } },
        { role: 'assistant', content: { type: 'image', mimeType: 'image/png' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'file:///a', text: 'inside' } } },
      ],
    });
    expect(text).toEqual({ text: 'first\n\n[image image/png]\n\ninside' });
  });
});
