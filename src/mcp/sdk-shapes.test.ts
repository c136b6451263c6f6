import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { toToolInfo } from './sdk-shapes';

const base = { name: 't', inputSchema: { type: 'object' as const } };

describe('tool icons as listed', () => {
  it('keeps https and data: image icons only, a few, with their theme', () => {
    const tool = {
      ...base,
      icons: [
        { src: 'javascript:alert(1)' },
        { src: 'http://plain.example/i.png' },
        { src: 'data:text/html,<b>x</b>' },
        { src: 'https://cdn.example/i.svg', mimeType: 'image/svg+xml', theme: 'dark' },
        { src: 'data:image/png;base64,iVBORw0KGgo=' },
        { src: `data:image/png;base64,${'A'.repeat(70_000)}` },
      ],
    } as unknown as Tool;
    expect(toToolInfo(tool).icons).toEqual([
      { src: 'https://cdn.example/i.svg', mimeType: 'image/svg+xml', theme: 'dark' },
      { src: 'data:image/png;base64,iVBORw0KGgo=' },
    ]);
  });

  it('leaves icons out when none is usable', () => {
    expect(toToolInfo({ ...base, icons: [{ src: 'ftp://x/y.png' }] } as unknown as Tool)).not.toHaveProperty('icons');
    expect(toToolInfo(base as Tool)).not.toHaveProperty('icons');
  });
});
