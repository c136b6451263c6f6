import { describe, expect, it } from 'vitest';
import { firstChatModel } from './first-chat-model';

describe('firstChatModel', () => {
  it('skips embedding, speech and image models in the listed order', () => {
    expect(firstChatModel(['mock-embedding', 'mock-gpt', 'mock-gpt-mini'])).toBe('mock-gpt');
    expect(firstChatModel(['dall-e-3', 'text-embedding-3-small', 'whisper-1', 'llama3.2:latest'])).toBe('llama3.2:latest');
  });
  it('falls back to the first when nothing looks like a chat model, and to none for an empty list', () => {
    expect(firstChatModel(['nomic-embed-text'])).toBe('nomic-embed-text');
    expect(firstChatModel([])).toBeUndefined();
  });
});
