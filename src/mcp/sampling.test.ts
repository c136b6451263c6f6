import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type EverythingMcpServer } from '../../e2e/mcp-servers/everything-server';
import { connectMcpServer } from './connection';
import type { McpSamplingRequest, McpSamplingResponse } from './types';

let legacy: EverythingMcpServer;
beforeAll(async () => {
  legacy = await startEverythingServer();
});
afterAll(() => legacy.close());

async function callSampling(answer: McpSamplingResponse, seen: McpSamplingRequest[]) {
  const result = await connectMcpServer({
    url: legacy.url,
    pageOrigin: null,
    sample: async (request) => (seen.push(request), answer),
  });
  if (result.status !== 'connected') throw new Error(JSON.stringify(result));
  try {
    const tools = await result.connection.listTools();
    expect(tools.map((t) => t.name)).toContain('trigger-sampling-request');
    return await result.connection.callTool(
      'trigger-sampling-request',
      { prompt: 'say hi', maxTokens: 50 },
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
  } finally {
    await result.connection.close();
  }
}

describe('legacy sampling (server-everything, 2025-11-25)', () => {
  it('hands the request to the callback and returns the approved answer to the server', async () => {
    const seen: McpSamplingRequest[] = [];
    const out = await callSampling(
      { action: 'approve', model: 'mock-gpt', text: 'hi from the model', stopReason: 'endTurn' },
      seen,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.messages[0]).toEqual({
      role: 'user',
      text: expect.stringContaining('say hi') as unknown as string,
    });
    expect(seen[0]?.maxTokens).toBe(50);
    expect(out.content[0]?.type === 'text' ? out.content[0].text : '').toContain('hi from the model');
  });

  it('sends a refusal back as an error, and the model is never asked', async () => {
    const seen: McpSamplingRequest[] = [];
    const outcome = await callSampling({ action: 'deny' }, seen).then(
      (r) => (r.isError ? JSON.stringify(r.content) : 'answered'),
      (e: unknown) => String(e),
    );
    expect(outcome).toMatch(/denied the sampling request/);
  });

  it('declares no sampling capability without a callback (the server then offers no sampling tool)', async () => {
    const result = await connectMcpServer({ url: legacy.url, pageOrigin: null });
    if (result.status !== 'connected') throw new Error(JSON.stringify(result));
    try {
      expect((await result.connection.listTools()).map((t) => t.name)).not.toContain('trigger-sampling-request');
    } finally {
      await result.connection.close();
    }
  });
});
