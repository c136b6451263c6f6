import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { appendMessage } from '../../db/messages-repo';
import { readRecordedStep } from '../../db/recorded-step';
import { createSession, updateSession } from '../../db/sessions-repo';
import { putTools } from '../../db/tools-repo';
import { assistantMsg, userMsg } from '../../db/testing/message-builders';
import { assembleSystemPrompt } from '../../context/system-prompt';
import { freezeSessionStep } from '../../ui/data/eval-data';
import { sentPrompt } from '../../ui/data/use-sent-prompt';
import { stepRequestOf } from './rerun-actions';

// One step, read by every feature that starts from it (architecture.md, "One step, one reader"): Re-run (and
// Continue with) read its run's record, Try on other models and Save as test case the whole step, What was sent
// the request. After the step ran, the session's model, prompt and tools all changed, and its request was retried
// once with other layers: each must still report the model, prompt and tools of the attempt the answer came from.
const S = 'step-session';
const RUN = 'step-run';
const STEP = 'step-answer';
const firstLayers = [{ id: 'base', title: 'Base', text: 'First attempt prompt' }];
const sentLayers = [
  { id: 'base', title: 'Base', text: 'You are terse.' },
  { id: 'session', title: 'Session', text: 'Answer in French.' },
];
const offered = [{ name: 'lookup', description: 'Looks a word up', parameters: { type: 'object' }, source: { kind: 'custom' as const } }];
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
    { ...env, seq: 2, type: 'request_started', turn: 1, attempt: 2, messageId: STEP, systemLayers: sentLayers, toolSet: HASH, contextTokens: 120, contextLimit: 8000 },
  ]);
  // Afterwards: another model, another prompt, other tools enabled today.
  await updateSession(db, S, { model: 'beta-model', settings: { systemPrompt: 'new prompt', temperature: 0.3 } });
  await putTools(db, []);
});

afterAll(() => db.close());

describe('one recorded step, read by every step feature', () => {
  const prompt = assembleSystemPrompt(sentLayers);

  it('Re-run and Continue with: the run\'s model, the retried request\'s layers and offered tools', async () => {
    const step = await stepRequestOf(RUN, STEP);
    expect(step).toMatchObject({ model: 'alpha-model', turn: 1, sentLayers, found: true });
    expect(step.offeredTools?.map((t) => t.name)).toEqual(['lookup']);
  });

  it('Try on other models: the same prompt and tools, the history before the step', async () => {
    const step = await readRecordedStep(db, S, STEP);
    expect(step).toMatchObject({ model: 'alpha-model', modelRecorded: true, systemPrompt: prompt, parameters: { temperature: 0.3 } });
    expect(step.offeredTools?.map((t) => t.name)).toEqual(['lookup']);
    expect(step.history.map((m) => m.id)).toEqual(['q1']);
  });

  it('Save as test case: the step\'s own model, not the session\'s today', async () => {
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

  it('a step whose run left no events reads the session\'s model and says it was not recorded', async () => {
    await appendMessage(db, S, userMsg('q2', 'And a dog?'));
    await appendMessage(db, S, assistantMsg('imported-step', 'gone-run', 1, 'Un chien.'));
    const step = await readRecordedStep(db, S, 'imported-step');
    expect(step).toMatchObject({ model: 'beta-model', modelRecorded: false, sentLayers: null, offeredTools: null, systemPrompt: 'new prompt' });
    expect((await stepRequestOf('gone-run', 'imported-step')).found).toBe(false);
  });

  it('a message that is not a step of the path is refused with a sentence', async () => {
    await expect(readRecordedStep(db, S, 'q1')).rejects.toThrow(/no longer in the conversation/);
  });
});
