import { describe, expect, it } from 'vitest';
import type { Conversation, ModelRequest, ResponsesModelClient } from './model-client';
import type { ResponsesEvent } from './responses-accumulator';
import { harness } from './testing/harness';
import { scriptedModel } from './testing/scripted-model';
import { fakeExecutor, fakeTool, ok } from './testing/fake-tools';

const ev = (type: string, rest: Record<string, unknown> = {}): ResponsesEvent => ({ type, ...rest });

/** A Responses client that plays one list of events per request and records what it was given. */
function responsesModel(
  turns: ResponsesEvent[][],
): ResponsesModelClient & { conversations: (Conversation | undefined)[] } {
  const conversations: (Conversation | undefined)[] = [];
  return {
    wire: 'responses',
    conversations,
    stream(_request: ModelRequest, options) {
      conversations.push(options.conversation && structuredClone(options.conversation));
      const events = turns.shift() ?? [];
      return (async function* () {
        yield* events;
      })();
    },
  };
}

describe('the loop over a Responses client', () => {
  it('keeps encrypted reasoning and provider-run tools on the message, announces the tools, and hands the next request the whole history', async () => {
    const model = responsesModel([
      [
        ev('response.output_item.added', { output_index: 0, item: { id: 'rs_1', type: 'reasoning' } }),
        ev('response.reasoning_summary_text.delta', { output_index: 0, summary_index: 0, delta: 'Look it up.' }),
        ev('response.output_item.done', {
          output_index: 0,
          item: {
            id: 'rs_1',
            type: 'reasoning',
            encrypted_content: 'ENC',
            summary: [{ type: 'summary_text', text: 'Look it up.' }],
          },
        }),
        ev('response.output_item.added', {
          output_index: 1,
          item: { id: 'ws_1', type: 'web_search_call', status: 'in_progress' },
        }),
        ev('response.web_search_call.searching', { output_index: 1, item_id: 'ws_1' }),
        ev('response.output_item.done', {
          output_index: 1,
          item: {
            id: 'ws_1',
            type: 'web_search_call',
            status: 'completed',
            action: { type: 'search', query: 'paris weather' },
          },
        }),
        ev('response.output_item.added', {
          output_index: 2,
          item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'echo', arguments: '' },
        }),
        ev('response.function_call_arguments.delta', { output_index: 2, delta: '{}' }),
        ev('response.completed', {
          response: {
            id: 'resp_1',
            usage: {
              input_tokens: 5,
              output_tokens: 7,
              output_tokens_details: { reasoning_tokens: 4 },
              input_tokens_details: { cached_tokens: 2 },
            },
          },
        }),
      ],
      [
        ev('response.output_text.delta', { output_index: 0, delta: 'Done.' }),
        ev('response.completed', { response: { id: 'resp_2' } }),
      ],
    ]);
    const h = harness(scriptedModel([]), {
      model,
      tools: fakeExecutor([fakeTool({ name: 'echo', run: () => ok('ok') })]),
    });
    const result = await h.run();
    expect(result.stopReason).toBe('complete');
    const first = result.history[1];
    expect(first).toMatchObject({
      role: 'assistant',
      reasoning: 'Look it up.',
      responseId: 'resp_1',
      providerItems: [
        { kind: 'reasoning', id: 'rs_1', summary: ['Look it up.'], encryptedContent: 'ENC' },
        { kind: 'provider_tool', id: 'ws_1', name: 'web_search', status: 'completed', input: 'paris weather' },
      ],
    });
    const updates = h.events.flatMap((e) => (e.type === 'provider_tool_updated' ? [e.item.status] : []));
    expect(updates).toEqual(['in_progress', 'searching', 'completed']);
    const finished = h.events.find((e) => e.type === 'request_finished');
    expect(finished).toMatchObject({ finishReason: 'tool_calls', usage: { reasoningTokens: 4, cachedTokens: 2 } });
    // The second request is built from the history holding the reasoning item and the tool result.
    const second = model.conversations[1];
    expect(second?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(second?.messages[1]).toMatchObject({
      providerItems: [{ encryptedContent: 'ENC' }, { kind: 'provider_tool' }],
    });
  });
});
