import { afterEach, describe, expect, it } from 'vitest';
import type { ModelClient } from '../agent/model-client';
import type { ToolExecutor } from '../agent/tool-executor';
import { addMemory } from '../db/memories-repo';
import { freshDB } from '../db/testing/fresh-db';
import { createEmbedder } from '../llm/embeddings';
import { DEMO_BASE_URL } from '../llm/known-providers';
import type { SessionRecord } from '../domain/session';
import { setEmbeddingModel } from './embedding-setting';
import { recallNotices } from './recall-notices';
import { createRunContextPreparer } from './run-context-db';

const session: SessionRecord = {
  id: 'notice-session',
  title: 't',
  model: 'mock-model',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  messageCount: 0,
  toolCallCount: 0,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
  settings: { memoryEnabled: false },
};
const noTools: ToolExecutor = { list: () => [], get: () => undefined };
const model: ModelClient = { stream: () => (async function* () {})() };

/** An endpoint as the door opens it, its embeddings client the real one (without a key). */
const endpointAt = (baseURL: string) => ({
  baseURL,
  embedder: (model: string) => createEmbedder({ apiKey: '', baseURL, model }),
});

describe('createRunContextPreparer and the recall notice', () => {
  afterEach(() => recallNotices.clear(session.id));

  it('says nothing about recall when the session has memory switched off, even after an earlier run recalled', async () => {
    const { db } = freshDB('run-context-db-notice');
    recallNotices.record(session.id, { mode: 'keyword', items: [], newEmbeddings: [] });
    let notified = 0;
    const unsubscribe = recallNotices.subscribe(() => notified++);
    const prepare = createRunContextPreparer(db);
    await prepare({
      session,
      endpoint: endpointAt('http://127.0.0.1:9/v1'),
      history: [],
      userMessage: 'hi',
      tools: noTools,
      model,
      signal: new AbortController().signal,
      recall: false,
      rememberTool: false,
    });
    unsubscribe();
    expect(recallNotices.get(session.id)).toBeNull();
    expect(notified).toBe(1);
  });

  it('reports the recall when memory is on', async () => {
    const { db } = freshDB('run-context-db-notice-on');
    await setEmbeddingModel(db, '');
    const prepare = createRunContextPreparer(db);
    await prepare({
      session: { ...session, settings: {} },
      endpoint: endpointAt('http://127.0.0.1:9/v1'),
      history: [],
      userMessage: 'hi',
      tools: noTools,
      model,
      signal: new AbortController().signal,
    });
    expect(recallNotices.get(session.id)?.count).toBe(0);
  });

  it('recalls by keywords for the demo model, with embeddings configured, and sends nothing anywhere', async () => {
    const { db } = freshDB('run-context-db-demo');
    await addMemory(db, { text: 'The user likes tea' });
    const realFetch = globalThis.fetch;
    let fetches = 0;
    globalThis.fetch = (() => {
      fetches++;
      return Promise.reject(new Error('no network for the demo'));
    }) as typeof fetch;
    try {
      const prepare = createRunContextPreparer(db);
      await prepare({
        session: { ...session, settings: {} },
        endpoint: endpointAt(DEMO_BASE_URL),
        history: [],
        userMessage: 'tea please',
        tools: noTools,
        model,
        signal: new AbortController().signal,
      });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(fetches).toBe(0);
    expect(recallNotices.get(session.id)).toMatchObject({ mode: 'keyword', count: 1 });
  });
});
