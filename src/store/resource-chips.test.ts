import { describe, expect, it } from 'vitest';
import { addResourceAttachment, clearResourceAttachments, messageWithResources, refreshResourceAttachment, resourcePreview, useResourceAttachments } from './resource-chips';

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

describe('an attachment refreshed by its server', () => {
  it('takes the new contents, counts the refresh, and previews the first words', () => {
    clearResourceAttachments();
    addResourceAttachment({ serverId: 's', serverLabel: 'docs', uri: 'demo://n', name: 'n', contents: [{ uri: 'demo://n', text: 'old' }] });
    const id = useResourceAttachments.getState().items[0]?.id ?? -1;
    refreshResourceAttachment(id, [{ uri: 'demo://n', text: `new   text\n${'x'.repeat(80)}` }]);
    const item = useResourceAttachments.getState().items[0];
    expect(item?.refreshed).toBe(1);
    expect(item !== undefined ? resourcePreview(item) : '').toBe(`new text ${'x'.repeat(51)}…`);
    expect(messageWithResources('t', useResourceAttachments.getState().items)).toContain('new   text');
    refreshResourceAttachment(id + 100, []);
    expect(useResourceAttachments.getState().items[0]?.refreshed).toBe(1);
    clearResourceAttachments();
  });
});
