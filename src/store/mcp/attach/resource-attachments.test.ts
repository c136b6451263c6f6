import { describe, expect, it } from 'vitest';
import { refreshResourceAttachment, resourcePreview } from './resource-attachments';
import { addResourceAttachment, clearResourceAttachments, useResourceAttachments } from './resource-chips';
import { messageWithResources } from './resource-message';

describe('an attachment refreshed by its server', () => {
  it('takes the new contents, counts the refresh, and previews the first words', () => {
    clearResourceAttachments();
    addResourceAttachment({
      serverId: 's',
      serverLabel: 'docs',
      uri: 'demo://n',
      name: 'n',
      contents: [{ uri: 'demo://n', text: 'old' }],
    });
    const id = useResourceAttachments.getState().items[0]?.id ?? -1;
    refreshResourceAttachment(id, [{ uri: 'demo://n', text: `new   text\n${'x'.repeat(80)}` }]);
    const item = useResourceAttachments.getState().items[0];
    expect(item?.refreshed).toBe(1);
    expect(item?.preview).toBe(`new text ${'x'.repeat(51)}…`);
    expect(messageWithResources('t', useResourceAttachments.getState().items)).toContain('new   text');
    refreshResourceAttachment(id + 100, []);
    expect(useResourceAttachments.getState().items[0]?.refreshed).toBe(1);
    expect(resourcePreview([{ uri: 'b', blob: 'AAAA' }])).toBe('');
    clearResourceAttachments();
  });
});
