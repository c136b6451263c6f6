import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import type { SessionSettings } from '../../domain/session';
import { endpointWire } from './endpoint-door';
import { FALLBACK_DEFAULTS, useSettingsStore } from './settings-store';

afterAll(() => db.close());

const OWN = 'http://127.0.0.1:9000/v1';
const settings = { apiFormat: 'responses', thinkingBudget: 2048 } as SessionSettings;

describe('the API an endpoint is asked in', () => {
  it("a session's own endpoint: the session's API and thinking settings", () => {
    useSettingsStore.setState({ baseURL: OWN, defaults: FALLBACK_DEFAULTS });
    expect(endpointWire(`${OWN}/`, { settings, endpoint: { baseURL: OWN } })).toMatchObject({
      format: 'responses',
      thinkingBudget: 2048,
    });
  });

  it('another endpoint named from that session: its own API, never the session’s', () => {
    useSettingsStore.setState({
      baseURL: OWN,
      defaults: { ...FALLBACK_DEFAULTS, apiFormats: { 'http://127.0.0.1:9100/v1': 'anthropic' }, thinkingBudget: 1024 },
    });
    const session = { settings, endpoint: { baseURL: OWN } };
    // Chosen in Settings for that endpoint, with the thinking budget new sessions start with.
    expect(endpointWire('http://127.0.0.1:9100/v1', session)).toMatchObject({
      format: 'anthropic',
      thinkingBudget: 1024,
    });
    // No choice made: the preset's API for a known provider, Chat Completions for any other.
    expect(endpointWire('https://api.anthropic.com', session).format).toBe('anthropic');
    expect(endpointWire('https://generativelanguage.googleapis.com', session).format).toBe('gemini');
    expect(endpointWire('http://127.0.0.1:9200/v1', session).format).toBe('chat');
  });

  it('with no session (a suite model, a judge): as a new session on that endpoint would start', () => {
    useSettingsStore.setState({
      baseURL: OWN,
      defaults: { ...FALLBACK_DEFAULTS, apiFormats: { [OWN]: 'gemini' } },
    });
    expect(endpointWire(OWN).format).toBe('gemini');
  });
});
