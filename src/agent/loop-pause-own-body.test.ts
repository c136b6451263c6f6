import { describe, expect, it } from 'vitest';
import type { PausePoint } from '../domain/breakpoints';
import type { AssistantMessage } from '../domain/messages';
import type { EditCheck } from './pause';
import type { NativeModelClient, SentBody } from './model-client';
import { harness } from './testing/harness';
import { scriptedModel } from './testing/scripted-model';

type Sent = { body: unknown; sent: SentBody };

/**
 * A client that builds its own body (as Anthropic's does): `bodyFor` shows it, and each request records the body it
 * sends (the one given in `StreamOptions.body`, or its own) and what it told the loop, then streams one text reply.
 */
function ownBodyModel() {
  const sends: Sent[] = [];
  const built = (model: string, text: string) => ({
    model,
    max_tokens: 1024,
    thinking: { type: 'enabled', budget_tokens: 2048 },
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  });
  const hash = (body: unknown) => `hash of ${JSON.stringify(body)}`;
  const client: NativeModelClient = {
    wire: 'anthropic',
    bodyFor: async (request, { conversation }) => {
      const last = conversation?.messages.at(-1);
      const body = built(request.model, last?.role === 'user' ? last.content : '');
      return { body, leftOut: [], prefixHash: hash(body) };
    },
    stream(request, options) {
      const last = options.conversation?.messages.at(-1);
      const body = options.body ?? built(request.model, last?.role === 'user' ? last.content : '');
      const sent = { leftOut: [], prefixHash: hash(body) };
      sends.push({ body, sent });
      options.onSent?.(sent);
      return (async function* () {
        yield { text: 'Hi.' };
      })();
    },
    reducer: (model) =>
      Promise.resolve({
        push: (event) => [{ kind: 'text', delta: (event as { text: string }).text }],
        result: () => ({
          text: 'Hi.',
          reasoning: '',
          refusal: null,
          toolCalls: [],
          finishReason: 'stop',
          usage: null,
          wireParts: { format: 'anthropic', model, parts: [{ type: 'text', text: 'Hi.' }] },
        }),
      }),
  };
  return { client, sends };
}

function pausedOnce(edit: (body: string) => string | undefined) {
  const seen: { point: PausePoint; check: EditCheck }[] = [];
  return {
    seen,
    gate: {
      stopsAt: async (p: PausePoint) => p.at === 'request',
      wait: async (point: PausePoint, check: EditCheck) => {
        seen.push({ point, check });
        const edited = point.at === 'request' ? edit(point.body) : undefined;
        return { action: 'continue' as const, ...(edited !== undefined ? { edited } : {}) };
      },
    },
  };
}

const shownBody = (seen: { point: PausePoint }[]) => {
  const point = seen[0]?.point;
  if (point?.at !== 'request') throw new Error('no request pause');
  return point.body;
};

describe('a pause before a request of a client that builds its own body', () => {
  it('shows the body in its own format and checks an edit in that format, in words', async () => {
    const { client } = ownBodyModel();
    const { gate, seen } = pausedOnce(() => undefined);
    await harness(scriptedModel([]), { model: client, pause: gate }).run();
    const shown = JSON.parse(shownBody(seen)) as Record<string, unknown>;
    expect(shown).toEqual({
      model: 'test-model',
      max_tokens: 1024,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
    });
    const check = seen[0]!.check;
    const { max_tokens: _max, ...noMax } = shown;
    expect(await check(JSON.stringify(noMax))).toMatch(/"max_tokens": a whole number of tokens above 0/);
    expect(await check(JSON.stringify({ ...shown, max_tokens: 0 }))).toMatch(/"max_tokens"/);
    expect(await check(JSON.stringify({ ...shown, messages: undefined }))).toMatch(/"messages" list/);
    expect(await check(JSON.stringify(shown))).toBeNull();
  });

  it('sends an edited body as it is, keeps both bodies on the reply, and stores the hash of what was sent', async () => {
    const { client, sends } = ownBodyModel();
    const { gate, seen } = pausedOnce((body) => body.replace('"hello"', '"hello, as edited"'));
    const r = await harness(scriptedModel([]), { model: client, pause: gate }).run();
    expect(r.stopReason).toBe('complete');
    const original = shownBody(seen);
    const edited = original.replace('"hello"', '"hello, as edited"');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toEqual(JSON.parse(edited));
    const reply = r.history.find((m): m is AssistantMessage => m.role === 'assistant');
    expect(reply?.edits).toEqual([{ kind: 'request', original, sent: edited }]);
    expect(reply?.wireParts?.prefixHash).toBe(sends[0]!.sent.prefixHash);
  });

  it('an edit that names another model is answered, and signed, by that model', async () => {
    const { client, sends } = ownBodyModel();
    const { gate } = pausedOnce((body) => body.replace('"test-model"', '"other-model"'));
    const r = await harness(scriptedModel([]), { model: client, pause: gate }).run();
    expect((sends[0]!.body as { model: string }).model).toBe('other-model');
    const reply = r.history.find((m): m is AssistantMessage => m.role === 'assistant');
    expect(reply?.wireParts?.model).toBe('other-model');
  });
});
