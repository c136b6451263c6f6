import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgent } from '../../agent/loop';
import type { ModelRequest } from '../../agent/model-client';
import { fakeExecutor, fakeTool, ok } from '../../agent/testing/fake-tools';
import { scriptedModel, textReply } from '../../agent/testing/scripted-model';
import { buildRequest, toWireMessages, toWireTools } from '../../agent/to-wire';
import { nextRequestParts } from '../../context/next-request-parts';
import { offeredFunctions } from '../../context/step-send';
import { mcpToolsOf } from '../../context/tools-offered-today';
import { db } from '../../db/database';
import { appendMessage } from '../../db/messages-repo';
import { readRecordedStep } from '../../db/recorded-step';
import { createSession, getSession, updateSession } from '../../db/sessions-repo';
import { listTools, putTools } from '../../db/tools-repo';
import type { SessionSettings } from '../../domain/session';
import { assistantMsg, userMsg } from '../../db/testing/message-builders';
import { assembleSystemPrompt } from '../../context/system-prompt';
import { freezeSessionStep } from '../../ui/data/evals/eval-data';
import { sentPrompt } from '../../ui/data/step/use-sent-prompt';
import { argsValidatorOn } from '../../evals/args-validator';
import { runCase } from '../../evals/run-case';
import { createInProcessValidator } from '../../tools/validation/in-process-validator';
import { readLedgerInput } from '../../ui/data/context/use-context-ledger';
import { createRunController, sessionConfig } from '../run/run-controller';
import type { RunDeps } from '../run/run-deps';
import { stepRequestOf, stepRerunOptions } from './rerun-actions';
import { comparisonConversation } from './try-on-models';

// One step, read by every feature that starts from it (architecture.md, "One step, one reader"): Re-run (and
// Continue with) read its run's record, Try on other models and Save as test case the whole step, What was sent
// the request. After the step ran, the session's model, prompt and tools all changed, and its request was retried
// once with other layers: each must still report the model, prompt and tools of the attempt the answer came from,
// and every feature that sends the step again must send the same request body (`stepSend` decides it).
const S = 'step-session';
const RUN = 'step-run';
const STEP = 'step-answer';
const firstLayers = [{ id: 'base', title: 'Base', text: 'First attempt prompt' }];
const sentLayers = [
  { id: 'base', title: 'Base', text: 'You are terse.' },
  { id: 'session', title: 'Session', text: 'Answer in French.' },
];
const offered = [
  {
    name: 'lookup',
    description: 'Looks a word up',
    parameters: { type: 'object' },
    source: { kind: 'custom' as const },
  },
];
const HASH = 'b'.repeat(64);

beforeAll(async () => {
  await createSession(db, { id: S, model: 'alpha-model', settings: { systemPrompt: 'old prompt', temperature: 0.3 } });
  await appendMessage(db, S, userMsg('q1', 'What is a cat?'));
  await appendMessage(db, S, assistantMsg(STEP, RUN, 1, 'Un chat est un animal.'));
  await db.toolSets.put({ sessionId: S, hash: HASH, tools: offered });
  const env = { runId: RUN, t: 0, sessionId: S };
  await db.events.bulkAdd([
    { ...env, seq: 0, type: 'run_started', model: 'alpha-model', startedAt: 1 },
    { ...env, seq: 1, type: 'request_started', turn: 1, attempt: 1, messageId: STEP, systemLayers: firstLayers },
    {
      ...env,
      seq: 2,
      type: 'request_started',
      turn: 1,
      attempt: 2,
      messageId: STEP,
      systemLayers: sentLayers,
      toolSet: HASH,
      contextTokens: 120,
      contextLimit: 8000,
    },
  ]);
  // Afterwards: another model, another prompt, other tools enabled today.
  await updateSession(db, S, { model: 'beta-model', settings: { systemPrompt: 'new prompt', temperature: 0.3 } });
  await putTools(db, []);
  // A later step whose run left no events (an import without them): nothing of its request was recorded.
  await appendMessage(db, S, userMsg('q2', 'And a dog?'));
  await appendMessage(db, S, assistantMsg('imported-step', 'gone-run', 1, 'Un chien.'));
});

afterAll(() => db.close());

describe('one recorded step, read by every step feature', () => {
  const prompt = assembleSystemPrompt(sentLayers);

  it("Re-run and Continue with: the run's model, the retried request's layers and offered tools", async () => {
    const step = await stepRequestOf(RUN, STEP);
    expect(step).toMatchObject({ model: 'alpha-model', turn: 1, sentLayers, found: true });
    expect(step.offeredTools?.map((t) => t.name)).toEqual(['lookup']);
  });

  it('Try on other models: the same prompt and tools, the history before the step', async () => {
    const step = await readRecordedStep(db, S, STEP);
    expect(step).toMatchObject({
      model: 'alpha-model',
      modelRecorded: true,
      sentLayers,
      parameters: { temperature: 0.3 },
    });
    expect(step.offeredTools?.map((t) => t.name)).toEqual(['lookup']);
    expect(step.history.map((m) => m.id)).toEqual(['q1']);
  });

  it("Save as test case: the step's own model, not the session's today", async () => {
    const frozen = await freezeSessionStep(S, STEP);
    expect(frozen.request.model).toBe('alpha-model');
    expect(frozen.request.systemPrompt).toBe(prompt);
    expect(frozen.request.tools.map((t) => t.name)).toEqual(['lookup']);
    expect(frozen.request.messages.map((m) => m.id)).toEqual(['q1']);
  });

  it('What was sent: the attempt the answer came from, not the first', async () => {
    const sent = await sentPrompt(RUN, STEP);
    expect(sent.layers).toEqual(sentLayers);
    expect(sent.tools?.map((t) => t.name)).toEqual(['lookup']);
    expect(sent).toMatchObject({ tokens: 120, limit: 8000 });
  });

  it("a step whose run left no events reads the session's model and says it was not recorded", async () => {
    const step = await readRecordedStep(db, S, 'imported-step');
    expect(step).toMatchObject({ model: 'beta-model', modelRecorded: false, sentLayers: null, offeredTools: null });
    expect((await stepRequestOf('gone-run', 'imported-step')).found).toBe(false);
  });

  it('a message that is not a step of the path is refused with a sentence', async () => {
    await expect(readRecordedStep(db, S, 'q1')).rejects.toThrow(/no longer in the conversation/);
  });
});

// Today's tools and a prompt assembled today, as a new run would prepare them: never what a step sends again.
const today = fakeExecutor([fakeTool({ name: 'today_tool', run: () => ok('today') })]);
const TODAY_PROMPT = '## Base prompt\nYou are Toolscope.\n\n## Session prompt\nnew prompt';

/** The body Re-run from here sends: the run controller and the real loop, its model answering from a script. */
async function rerunBody(messageId: string): Promise<ModelRequest> {
  const step = await readRecordedStep(db, S, messageId);
  const model = scriptedModel([textReply(['Again.'])]);
  const deps: RunDeps = {
    runAgent,
    openEndpoint: async ({ baseURL }) => ({
      baseURL,
      ready: true,
      client: model,
      embedder: () => {
        throw new Error('no embeddings in this test');
      },
    }),
    createToolExecutor: async () => today,
    prepareContext: async () => ({
      tools: today,
      systemPrompt: TODAY_PROMPT,
      context: { beforeRequest: async () => ({ compaction: null }), observeUsage: () => undefined },
    }),
    createPersister: () => ({ emit: () => undefined, flush: async () => undefined }),
    acquireRunLock: async (sessionId) => ({ ok: true, lock: { sessionId, release: () => undefined } }),
    getSession: (id) => getSession(db, id),
    // The branch a re-run makes holds the path before the step.
    loadHistory: async () => step.history,
    setTitle: async () => undefined,
    getBaseURL: () => 'http://127.0.0.1:1/v1',
    newId: () => crypto.randomUUID(),
    now: () => 0,
  };
  const controller = createRunController(deps, (flush) => {
    queueMicrotask(flush);
    return () => undefined;
  });
  const r = await controller.start({
    kind: 'rerun',
    sessionId: S,
    rerun: { model: step.model, ...stepRerunOptions(await stepRequestOf(step.runId, messageId)) },
  });
  if (!r.ok) throw new Error(r.reason);
  await r.done;
  const [body] = model.requests;
  if (!body) throw new Error('the re-run sent no request');
  return body;
}

/** The body Try on other models sends to a model (fan-out changes only `model`). */
async function tryBody(messageId: string, target: string): Promise<ModelRequest> {
  const [step, session] = await Promise.all([readRecordedStep(db, S, messageId), getSession(db, S)]);
  if (!session) throw new Error('no session');
  // Today's tools as Try on other models loads them: the definitions, the MCP servers' among a run's tools.
  const todayTools = { definitions: await listTools(db), mcp: mcpToolsOf(today.list()) };
  const c = comparisonConversation(step, session.settings, () => todayTools);
  return {
    ...buildRequest(sessionConfig(session), toWireMessages(c.messages, c.systemPrompt), toWireTools(c.tools)),
    model: target,
  };
}

/** The body a saved test case sends: the frozen step through the case runner and the real loop. */
async function caseBody(messageId: string): Promise<ModelRequest> {
  const frozen = await freezeSessionStep(S, messageId);
  const model = scriptedModel([textReply(['Un chat.'])]);
  const testCase = {
    id: 'c',
    suiteId: 's',
    name: 'c',
    createdAt: 0,
    updatedAt: 0,
    source: { sessionId: S, messageId },
    request: frozen.request,
    recorded: frozen.recorded,
    checks: [{ kind: 'answer_contains' as const, text: 'chat' }],
  };
  await runCase(
    {
      testCase,
      model: frozen.request.model,
      client: model,
      history: frozen.request.messages,
      sessionId: 'case-session',
      emit: () => undefined,
      signal: new AbortController().signal,
    },
    {
      runAgent,
      validate: argsValidatorOn(createInProcessValidator()),
      priceOf: () => null,
      newId: () => crypto.randomUUID(),
    },
  );
  const [body] = model.requests;
  if (!body) throw new Error('the case sent no request');
  return body;
}

/** The messages and tools the context ledger counts, as the wire would carry them. */
async function ledgerBody(messageId: string): Promise<Pick<ModelRequest, 'messages' | 'tools'>> {
  const input = await readLedgerInput(S, messageId);
  if (!input) throw new Error('no ledger');
  const tools = toWireTools(input.request.tools ? offeredFunctions(input.request.tools) : []);
  return {
    messages: toWireMessages(input.request.messages, input.request.systemPrompt),
    ...(tools.length > 0 ? { tools } : {}),
  };
}

const sentParts = (b: Pick<ModelRequest, 'messages' | 'tools'>) => ({ messages: b.messages, tools: b.tools });

describe('one recorded step, one request body sent by every step feature', () => {
  it('a step with recorded layers and tools: Re-run, Try on other models and a saved case send the same body, the ledger counts it', async () => {
    const rerun = await rerunBody(STEP);
    expect(rerun.messages[0]).toEqual({ role: 'system', content: assembleSystemPrompt(sentLayers) });
    expect(rerun.tools?.map((t) => (t.type === 'function' ? t.function.name : t.type))).toEqual(['lookup']);
    expect(rerun).toMatchObject({ model: 'alpha-model', temperature: 0.3 });
    expect(await tryBody(STEP, 'alpha-model')).toEqual(rerun);
    expect(await caseBody(STEP)).toEqual(rerun);
    expect(await ledgerBody(STEP)).toEqual(sentParts(rerun));
  });

  it("a step that recorded neither: each sends the session's own prompt, not one assembled today", async () => {
    const rerun = await rerunBody('imported-step');
    expect(rerun.messages[0]).toEqual({ role: 'system', content: 'new prompt' });
    // Tools were not recorded: Re-run and Try on other models offer today's as a run would prepare them.
    expect(await tryBody('imported-step', 'beta-model')).toEqual(rerun);
    expect((await caseBody('imported-step')).messages).toEqual(rerun.messages);
    expect((await ledgerBody('imported-step')).messages).toEqual(rerun.messages);
  });

  const tool = (name: string, enabled: boolean) => ({
    id: name,
    kind: 'code' as const,
    name,
    description: `${name} tool`,
    parameters: { type: 'object' },
    code: 'return 1;',
    allowedOrigins: [],
    timeoutMs: null,
    needsApproval: false,
    enabled,
    createdAt: 0,
    updatedAt: 0,
  });
  const names = (tools: readonly { type: string; function?: { name: string } }[]) =>
    tools.map((t) => t.function?.name ?? t.type);

  it.each([
    { switches: {}, offered: ['enabled_today', 'remember'] },
    { switches: { memoryEnabled: false }, offered: ['enabled_today'] },
    { switches: { toolsEnabled: false }, offered: [] },
  ])(
    'a step recorded without tools, tools changed since ($switches): every feature offers the same tools today',
    async ({ switches, offered: expected }) => {
      const settings: SessionSettings = { systemPrompt: 'new prompt', temperature: 0.3, ...switches };
      await putTools(db, [tool('enabled_today', true), tool('disabled_today', false)]);
      await updateSession(db, S, { settings });
      try {
        const rerun = (await rerunBody('imported-step')).tools ?? [];
        expect(names(rerun)).toEqual(expected);
        const sent = {
          'Try on other models': (await tryBody('imported-step', 'beta-model')).tools ?? [],
          'Save as test case': (await caseBody('imported-step')).tools ?? [],
          'the context ledger': (await ledgerBody('imported-step')).tools ?? [],
          'the next request': toWireTools((await nextRequestParts(S, settings)).tools),
        };
        expect(sent).toEqual({
          'Try on other models': rerun,
          'Save as test case': rerun,
          'the context ledger': rerun,
          'the next request': rerun,
        });
        // The step that recorded its tools offers them, not today's.
        expect(names((await ledgerBody(STEP)).tools ?? [])).toEqual(['lookup']);
      } finally {
        await putTools(db, []);
        await updateSession(db, S, { settings: { systemPrompt: 'new prompt', temperature: 0.3 } });
      }
    },
  );
});
