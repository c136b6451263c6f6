import { describe, expect, it } from 'vitest';
import { firstChatModel, modelToFill } from './first-chat-model';

describe('firstChatModel', () => {
  it('skips embedding, speech and image models in the listed order', () => {
    expect(firstChatModel(['mock-embedding', 'mock-gpt', 'mock-gpt-mini'])).toBe('mock-gpt');
    expect(firstChatModel(['dall-e-3', 'text-embedding-3-small', 'whisper-1', 'llama3.2:latest'])).toBe(
      'llama3.2:latest',
    );
  });
  it('falls back to the first when nothing looks like a chat model, and to none for an empty list', () => {
    expect(firstChatModel(['nomic-embed-text'])).toBe('nomic-embed-text');
    expect(firstChatModel([])).toBeUndefined();
  });
});

describe('modelToFill', () => {
  it('fills an empty field the person is not in, once per list', () => {
    expect(modelToFill({ value: '', focused: false }, 'mock-gpt', false)).toBe('mock-gpt');
    expect(modelToFill({ value: '', focused: false }, 'mock-gpt', true)).toBeUndefined();
    expect(modelToFill({ value: '', focused: false }, undefined, false)).toBeUndefined();
  });
  it('never writes into a field that has text or that the person is typing in', () => {
    expect(modelToFill({ value: 'gpt-4o', focused: false }, 'mock-gpt', false)).toBeUndefined();
    // Focused and still empty: the next keystroke is theirs; the list waits until they leave the field.
    expect(modelToFill({ value: '', focused: true }, 'mock-gpt', false)).toBeUndefined();
  });
});
