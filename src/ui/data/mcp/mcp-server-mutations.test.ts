import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../db/database';
import { getMcpServer } from '../../../db/mcp-servers-repo';
import { saveNewMcpServer, setMcpToolChoice } from './mcp-server-mutations';

afterAll(async () => {
  await db.delete();
});

describe('setMcpToolChoice', () => {
  it("keeps the other tools' stored choices when the caller holds an older copy of the server", async () => {
    const copy = await saveNewMcpServer({ url: 'http://127.0.0.1:9/mcp', name: 'files', headers: {} });
    await setMcpToolChoice(copy, 'read', { enabled: false });
    // `copy` still has no choices: a row that was not re-rendered since.
    await setMcpToolChoice(copy, 'write', { approval: 'allow' });
    await setMcpToolChoice(copy, 'read', { approval: 'ask' });
    expect((await getMcpServer(db, copy.id))?.toolChoices).toEqual({
      read: { enabled: false, approval: 'ask' },
      write: { approval: 'allow' },
    });
  });

  it('keeps both of two changes made at once', async () => {
    const copy = await saveNewMcpServer({ url: 'http://127.0.0.1:9/other', name: 'other', headers: {} });
    await Promise.all([
      setMcpToolChoice(copy, 'a', { enabled: false }),
      setMcpToolChoice(copy, 'b', { enabled: false }),
    ]);
    expect((await getMcpServer(db, copy.id))?.toolChoices).toEqual({ a: { enabled: false }, b: { enabled: false } });
  });

  it('changes nothing for a server removed meanwhile', async () => {
    await setMcpToolChoice({ id: 'gone' }, 'a', { enabled: false });
    expect(await getMcpServer(db, 'gone')).toBeUndefined();
  });
});
