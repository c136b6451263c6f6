import { describe, expect, it } from 'vitest';
import { imagesOfResources, messageWithResources, resourceMessage } from './resource-message';
import type { ResourceAttachment } from './resource-chips';

describe('messageWithResources', () => {
  it('adds each attached resource after the text, named by server and URI', () => {
    const text = messageWithResources('Summarise this', [
      {
        id: 1,
        serverId: 's',
        serverLabel: 'docs',
        uri: 'demo://a',
        name: 'a.md',
        contents: [{ uri: 'demo://a', mimeType: 'text/markdown', text: '# A' }],
      },
      {
        id: 2,
        serverId: 's',
        serverLabel: 'docs',
        uri: 'demo://b',
        name: 'b.bin',
        contents: [{ uri: 'demo://b', blob: 'AAAA' }],
      },
    ]);
    expect(text).toBe(
      'Summarise this\n\n[Resource a.md from docs: demo://a (text/markdown)]\n# A\n\n[Resource b.bin from docs: demo://b]\n(binary content, 3 bytes: not sent, only text and image resources reach the model)',
    );
  });

  it('leaves a message without attachments as typed', () => {
    expect(messageWithResources('hi', [])).toBe('hi');
  });

  it('sends an image resource as an image beside the text, and names in the text what it could not send', () => {
    const big = 'A'.repeat(Math.ceil((5 * 1024 * 1024 + 3) / 3) * 4);
    const items: ResourceAttachment[] = [
      {
        id: 1,
        serverId: 's',
        serverLabel: 'pics',
        uri: 'demo://logo',
        name: 'logo.png',
        contents: [{ uri: 'demo://logo', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }],
      },
      {
        id: 2,
        serverId: 's',
        serverLabel: 'pics',
        uri: 'demo://huge',
        name: 'huge.png',
        contents: [{ uri: 'demo://huge', mimeType: 'image/png', blob: big }],
      },
    ];
    const sent = resourceMessage('Look', items);
    expect(sent.images).toEqual([{ mimeType: 'image/png', data: 'iVBORw0KGgo=', label: 'logo.png from pics' }]);
    expect(sent.text).toContain(
      '[Resource logo.png from pics: demo://logo (image/png)]\n(image, 8 bytes: attached as image 1)',
    );
    expect(sent.text).toContain(
      `[Resource huge.png from pics: demo://huge (image/png)]\n(binary content, ${(big.length * 3) / 4} bytes: not sent, over the 5 MB limit for an image)`,
    );
    expect(imagesOfResources([])).toEqual([]);
  });
});
