import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../domain/messages';
import { messageToMarkdown, COPIED_RESULT_CHARS, sessionToMarkdown } from './markdown-export';

const path: ChatMessage[] = [
  { id: 'u', role: 'user', content: 'Add 2 and 3', createdAt: 1 },
  {
    id: 'a',
    role: 'assistant',
    content: 'Adding.',
    reasoning: 'secret thoughts',
    refusal: null,
    toolCalls: [
      { id: 'c1', name: 'add', arguments: '{"a":2,"b":3}' },
      { id: 'c2', name: 'echo', arguments: 'not json' },
    ],
    status: 'complete',
    runId: 'r',
    turn: 1,
    createdAt: 2,
  },
  {
    id: 't1',
    role: 'tool',
    toolCallId: 'c1',
    name: 'add',
    content: '5',
    isError: false,
    outcome: 'ok',
    runId: 'r',
    turn: 1,
    createdAt: 3,
  },
  {
    id: 't2',
    role: 'tool',
    toolCallId: 'c2',
    name: 'echo',
    content: 'has ``` inside',
    isError: true,
    outcome: 'error',
    runId: 'r',
    turn: 1,
    createdAt: 3,
  },
  {
    id: 'a2',
    role: 'assistant',
    content: 'It is 5.',
    reasoning: '',
    refusal: null,
    toolCalls: [],
    status: 'complete',
    runId: 'r',
    turn: 2,
    createdAt: 4,
  },
];

describe('Markdown export', () => {
  it('writes user and assistant text and each call with name, arguments and result; leaves reasoning out', () => {
    const md = sessionToMarkdown('Sums', path);
    expect(md).toBe(
      [
        '# Sums',
        '',
        '## User',
        '',
        'Add 2 and 3',
        '',
        '## Assistant',
        '',
        'Adding.',
        '',
        '### Tool call: add',
        '',
        'Arguments:',
        '',
        '```json\n{\n  "a": 2,\n  "b": 3\n}\n```',
        '',
        'Result:',
        '',
        '```\n5\n```',
        '',
        '### Tool call: echo',
        '',
        'Arguments:',
        '',
        '```\nnot json\n```',
        '',
        'Result (error):',
        '',
        '````\nhas ``` inside\n````',
        '',
        '## Assistant',
        '',
        'It is 5.',
        '',
      ].join('\n'),
    );
    expect(md).not.toContain('secret thoughts');
  });

  it('copies one message with its own tool calls only, and cuts a result where the chat cuts it', () => {
    expect(messageToMarkdown('a2', path)).toBe('## Assistant\n\nIt is 5.\n');
    const long: ChatMessage[] = [
      path[0]!,
      {
        ...(path[1] as Extract<ChatMessage, { role: 'assistant' }>),
        toolCalls: [{ id: 'c1', name: 'add', arguments: '{}' }],
      },
      { ...(path[2] as Extract<ChatMessage, { role: 'tool' }>), content: 'x'.repeat(COPIED_RESULT_CHARS + 10) },
    ];
    const md = messageToMarkdown('a', long)!;
    expect(md).toContain('…[10 more characters not shown');
    expect(md).not.toContain('x'.repeat(COPIED_RESULT_CHARS + 1));
    expect(messageToMarkdown('t1', path)).toBeNull();
  });
});
