import { fromJsonSchema, type McpServer } from '@modelcontextprotocol/server';

/** The 2026-07-28 test server's prompts: one with a required and an optional argument. */
export function registerModernPrompts(server: McpServer): void {
  server.registerPrompt(
    'review',
    {
      title: 'Review a file',
      description: 'Asks for a review of one file.',
      argsSchema: fromJsonSchema<{ path: string; focus?: string }>({
        type: 'object',
        properties: {
          path: { type: 'string', description: 'The file to review' },
          focus: { type: 'string', description: 'What to look at' },
        },
        required: ['path'],
      }),
    },
    (args) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Review ${args.path}${args.focus !== undefined ? ` for ${args.focus}` : ''}.`,
          },
        },
      ],
    }),
  );
}
