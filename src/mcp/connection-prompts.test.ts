import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type EverythingMcpServer } from '../../e2e/mcp-servers/everything-server';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import { connectMcpServer, type McpConnection } from './connection';

let modern: ModernMcpServer;
let legacy: EverythingMcpServer;
beforeAll(async () => {
  [modern, legacy] = await Promise.all([startModernMcpServer(), startEverythingServer()]);
});
afterAll(async () => {
  await Promise.all([modern.close(), legacy.close()]);
});

async function connect(url: string): Promise<McpConnection> {
  const result = await connectMcpServer({ url, pageOrigin: null });
  if (result.status !== 'connected') throw new Error(`not connected: ${JSON.stringify(result)}`);
  return result.connection;
}

describe('prompts of both generations', () => {
  it('lists the 2026-07-28 server prompt with its arguments and fills it', async () => {
    const conn = await connect(modern.url);
    try {
      const prompts = await conn.listPrompts();
      expect(prompts).toEqual([
        {
          name: 'review',
          title: 'Review a file',
          description: 'Asks for a review of one file.',
          arguments: [
            { name: 'path', description: 'The file to review', required: true },
            { name: 'focus', description: 'What to look at', required: false },
          ],
        },
      ]);
      expect((await conn.getPrompt('review', { path: 'a.ts', focus: 'naming' })).text).toBe('Review a.ts for naming.');
    } finally {
      await conn.close();
    }
  });

  it("lists server-everything's prompts (2025-11-25) and fills one, refusing a missing required argument", async () => {
    const conn = await connect(legacy.url);
    try {
      const prompts = await conn.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']));
      expect(prompts.find((p) => p.name === 'args-prompt')?.arguments).toMatchObject([
        { name: 'city', description: 'Name of the city', required: true },
        { name: 'state', required: false },
      ]);
      expect((await conn.getPrompt('args-prompt', { city: 'Oslo' })).text).toBe("What's weather in Oslo?");
      await expect(conn.getPrompt('args-prompt', {})).rejects.toThrow();
    } finally {
      await conn.close();
    }
  });
});
