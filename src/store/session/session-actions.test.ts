import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { newSession, sessionStored } from './session-actions';
import { useRunStore } from '../run/run-store';
import { useUiStore } from '../ui-store';

afterAll(() => db.close());

describe('newSession', () => {
  it('shows the new session at once, with the Message box asked for, while its row is written', async () => {
    const { id, stored } = newSession({ focusComposer: true });
    // Same task as the click: whatever is typed next goes to this session.
    expect(useUiStore.getState().currentSessionId).toBe(id);
    expect(useUiStore.getState().composerFocus).toBe(id);
    expect(useUiStore.getState().tab).toBe('chat');
    expect(await stored).toBe(true);
    expect(await sessionStored(id)).toBe(true);
    expect((await db.sessions.get(id))?.title).toBe('New session');
  });

  it('says why when the row cannot be written, and writes it when sending tries again', async () => {
    db.close();
    const { id, stored } = newSession();
    expect(await stored).toBe(false);
    const errors = () => useRunStore.getState().sideErrors.filter((e) => e.sessionId === id);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]?.error.message).toMatch(
      /^The new session could not be stored: browser storage is unavailable\..*send again\.$/,
    );

    await db.open();
    expect(await sessionStored(id)).toBe(true);
    expect(await db.sessions.get(id)).toBeDefined();
    expect(errors()).toHaveLength(0);
  });
});
