import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { continueRun, refusalSentence, sendRefusalSentence } from './chat-actions';
import { useSettingsStore } from '../settings/settings-store';

afterAll(() => db.close());

describe('Continue that starts nothing', () => {
  it('says the session is gone when it is no longer stored', async () => {
    useSettingsStore.setState({ hasKey: true, baseURL: 'http://127.0.0.1:9/v1' });
    const outcome = await continueRun('no-such-session');
    expect(outcome).toBe('no_session');
    expect(refusalSentence(outcome)).toMatch(/no longer stored/);
  });

  it('has a sentence for every refusal no other part of the page shows, and none for the rest', () => {
    expect(refusalSentence('busy')).toMatch(/already going/);
    expect(refusalSentence('locked')).toMatch(/Another tab is running this session/);
    for (const shown of ['started', 'needs_settings', 'needs_endpoint', 'failed'] as const)
      expect(refusalSentence(shown)).toBeNull();
  });
});

describe('Send that starts nothing', () => {
  it('says why and that the message is kept, for the refusals no other part of the page shows', () => {
    expect(sendRefusalSentence('busy')).toMatch(/^Not sent: a run is already going.*kept in the box/);
    expect(sendRefusalSentence('locked')).toMatch(/^Not sent: another tab is running this session.*kept in the box/);
    expect(sendRefusalSentence('no_session')).toMatch(/no longer stored/);
    for (const shown of ['started', 'needs_settings', 'needs_endpoint', 'failed'] as const)
      expect(sendRefusalSentence(shown)).toBeNull();
  });
});
