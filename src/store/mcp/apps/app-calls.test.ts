import { beforeEach, describe, expect, it, vi } from 'vitest';

const read = vi.fn();
let connection = { readResource: read };

vi.mock('../../../db/database', () => ({ db: {} }));
vi.mock('../../../db/mcp-servers-repo', () => ({
  getMcpServer: async () => ({ id: 'srv', name: 'apps', url: 'http://127.0.0.1:1/mcp' }),
}));
vi.mock('../connections/registry', () => ({ connectMcp: async () => ({ connection, tools: [] }) }));

const { readViewResource } = await import('./app-calls');
const view = { serverId: 'srv', resourceUri: 'ui://apps/board' };
const html = [{ uri: view.resourceUri, mimeType: 'text/html;profile=mcp-app', text: '<p>board</p>' }];

describe('readViewResource', () => {
  beforeEach(() => {
    read.mockReset();
    connection = { readResource: read };
  });

  it('reads a View once per connection: a View coming back takes the HTML already read', async () => {
    read.mockResolvedValue(html);
    const first = await readViewResource(view, new AbortController().signal);
    const again = await readViewResource(view, new AbortController().signal);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ html: '<p>board</p>' });
    expect(read).toHaveBeenCalledTimes(1);
    // A reconnect is a new connection: it reads again.
    connection = { readResource: read };
    await readViewResource(view, new AbortController().signal);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read: the next View asks the server again', async () => {
    read.mockRejectedValueOnce(new Error('server busy')).mockResolvedValueOnce(html);
    const failed = await readViewResource(view, new AbortController().signal);
    expect(failed).toMatchObject({ kind: 'no-html', message: expect.stringContaining('server busy') });
    expect(await readViewResource(view, new AbortController().signal)).toMatchObject({ html: '<p>board</p>' });
    expect(read).toHaveBeenCalledTimes(2);
  });
});
