import { expect, it } from 'vitest';
import { RESULT_DISPLAY_CHARS as CHAT_LIMIT } from '../chat/tool-call-card';
import { COPIED_RESULT_CHARS } from '../../io/markdown/markdown-export';

it('"Copy as Markdown" cuts a tool result where the chat does', () => {
  expect(COPIED_RESULT_CHARS).toBe(CHAT_LIMIT);
});
