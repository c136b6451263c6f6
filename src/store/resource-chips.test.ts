import { describe, expect, it } from 'vitest';
import { messageWithResources } from './resource-chips';

describe('messageWithResources', () => {
  it('adds each attached resource after the text, named by server and URI', () => {
    const text = messageWithResources('Summarise this', [
      { id: 1, serverId: 's', serverLabel: 'docs', uri: 'demo://a', name: 'a.md', contents: [{ uri: 'demo://a', mimeType: 'text/markdown', text: '# A' }] },
      { id: 2, serverId: 's', serverLabel: 'docs', uri: 'demo://b', name: 'b.bin', contents: [{ uri: 'demo://b', blob: 'AAAA' }] },
    ]);
    expect(text).toBe('Summarise this\n\n[Resource a.md from docs: demo://a (text/markdown)]\n# A\n\n[Resource b.bin from docs: demo://b]\n(binary content, 3 bytes: not sent, only text resources reach the model)');
  });

  it('leaves a message without attachments as typed', () => {
    expect(messageWithResources('hi', [])).toBe('hi');
  });
});
