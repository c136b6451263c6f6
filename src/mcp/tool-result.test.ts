import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT_LIMIT_BYTES } from '../tools/output-limit';
import { inProcessCheck } from './testing/in-process-check';
import { toCallOutcome } from './tool-result';
import type { McpToolInfo } from './types';

const plain: McpToolInfo = { name: 't', inputSchema: { type: 'object' } };
const weather: McpToolInfo = {
  name: 'weather',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] },
};
const ctx = (tool: McpToolInfo) => ({ tool, schemaId: `test:${tool.name}#output`, check: inProcessCheck() });

describe('an MCP tool result as the model and the card see it', () => {
  it('gives the model text for every block and keeps media data for the card', async () => {
    const blocks = [
      { type: 'text' as const, text: 'Here.' },
      { type: 'image' as const, mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { type: 'audio' as const, mimeType: 'audio/wav', data: 'UklGRg==' },
      { type: 'resource_link' as const, uri: 'test://r', name: 'readme', mimeType: 'text/markdown' },
      { type: 'resource' as const, uri: 'test://n', text: 'A note.' },
      { type: 'resource' as const, uri: 'test://b', mimeType: 'application/octet-stream', blob: 'AAECAw==' },
    ];
    const out = await toCallOutcome({ content: blocks, isError: false }, ctx(plain));
    expect(out.outcome).toBe('ok');
    expect(out.blocks).toEqual(blocks);
    expect(out.content).toContain('Here.');
    expect(out.content).toContain('[image image/png, 8 bytes: attached as image 1]');
    expect(out.images).toEqual([{ mimeType: 'image/png', data: 'iVBORw0KGgo=', label: 't (image 1)' }]);
    expect(out.content).toContain('[audio audio/wav, 4 bytes');
    expect(out.content).not.toContain('iVBORw0KGgo');
    expect(out.content).toContain('[resource link: readme <test://r> (text/markdown)]');
    expect(out.content).toContain('[resource <test://n>]\nA note.');
    expect(out.content).toContain('[resource <test://b> application/octet-stream, 4 bytes of binary data]');
  });

  it('keeps an image over the size limit, or of a type models do not read, from the model and says why', async () => {
    const big = 'A'.repeat(Math.ceil((5 * 1024 * 1024 + 3) / 3) * 4);
    const out = await toCallOutcome(
      {
        content: [
          { type: 'image', mimeType: 'image/png', data: big },
          { type: 'image', mimeType: 'image/tiff', data: 'AAAA' },
        ],
        isError: false,
      },
      ctx({ ...plain, title: 'Snapshot' }),
    );
    expect(out.images).toBeUndefined();
    expect(out.content).toContain(
      '[image image/png, 5.0 MB: not sent to the model, over the 5 MB limit for an image; shown to the user]',
    );
    expect(out.content).toContain(
      '[image image/tiff, 3 bytes: not sent to the model, image/tiff is not an image type models read (PNG, JPEG, GIF or WebP); shown to the user]',
    );
    expect(out.blocks).toHaveLength(2);
  });

  it('makes isError a tool error', async () => {
    const out = await toCallOutcome(
      { content: [{ type: 'text', text: 'The database is down.' }], isError: true },
      ctx(plain),
    );
    expect(out).toMatchObject({ outcome: 'error', content: 'The database is down.' });
    expect((await toCallOutcome({ content: [], isError: true }, ctx(plain))).content).toMatch(/without a message/);
  });

  it('checks structured content against the output schema with the injected validator', async () => {
    const good = await toCallOutcome(
      { content: [], structuredContent: { temperature: 21 }, isError: false },
      ctx(weather),
    );
    expect(good).toMatchObject({
      outcome: 'ok',
      content: '{"temperature":21}',
      structured: { value: { temperature: 21 }, issues: [] },
    });
    const bad = await toCallOutcome(
      { content: [{ type: 'text', text: 'hot' }], structuredContent: { temperature: 'hot' }, isError: false },
      ctx(weather),
    );
    expect(bad.outcome).toBe('error');
    expect(bad.content).toMatch(/does not match its output schema: \/temperature must be number/);
    const missing = await toCallOutcome({ content: [{ type: 'text', text: '21' }], isError: false }, ctx(weather));
    expect(missing).toMatchObject({ outcome: 'error', content: expect.stringMatching(/no structured content/) });
  });

  it("cuts the model's text at the output limit with the visible marker", async () => {
    const out = await toCallOutcome(
      { content: [{ type: 'text', text: 'x'.repeat(100 * 1024) }], isError: false },
      ctx(plain),
    );
    expect(out.content).toMatch(/…\[output truncated: \d+ bytes omitted\]$/);
    expect(out.content.length).toBeLessThan(DEFAULT_OUTPUT_LIMIT_BYTES + 100);
  });
});
