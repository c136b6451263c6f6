import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { sendMessage } from './chat-actions';
import { useComposerInsert } from './composer-insert';
import { useSettingsStore } from '../settings/settings-store';
import { useUiStore } from '../ui-store';

afterAll(() => db.close());

describe('the first message of a new session', () => {
  it('goes back into the new session’s Message box when the session cannot be stored', async () => {
    useSettingsStore.setState({ hasKey: true });
    useUiStore.getState().selectSession(null);
    // Storage refuses every write (closed here; a full disk in the browser), so the new session's row fails.
    db.close();
    expect(await sendMessage('Hello while full')).toBe('failed');
    const id = useUiStore.getState().currentSessionId;
    expect(id).not.toBeNull();
    // The composer that took the text is gone (the chat switched to the new session); its successor gets it.
    expect(useComposerInsert.getState().pending).toBe('Hello while full');
    expect(useUiStore.getState().composerFocus).toBe(id);
  });
});
