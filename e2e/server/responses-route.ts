import type { PlayContext } from './play-step';
import { sleep } from './play-step';
import type { ResponsesStep } from './responses-steps';
import { newId, splitWords } from './wire-format';

/** Used when no Responses step is queued. */
export const DEFAULT_RESPONSES_STEP: ResponsesStep = {
  kind: 'responses',
  text: 'This is a scripted reply from the mock server, in the Responses format.',
};

/** The SSE body of one Responses step, one string per event (`event:` line plus `data:` line). */
function responsesEvents(step: ResponsesStep, model: string): string[] {
  const out: string[] = [];
  let seq = 0;
  const emit = (type: string, body: Record<string, unknown>) =>
    out.push(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...body })}\n\n`);
  const id = newId('resp_mock');
  const response = (status: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    model,
    output: [],
    usage: null,
    ...extra,
  });
  emit('response.created', { response: response('in_progress') });
  emit('response.in_progress', { response: response('in_progress') });
  let index = 0;
  let reasoningTokens = 0;
  if (step.reasoning !== undefined) {
    const rs = newId('rs');
    const at = index++;
    emit('response.output_item.added', {
      output_index: at,
      item: { id: rs, type: 'reasoning', summary: [], encrypted_content: 'partial' },
    });
    emit('response.reasoning_summary_part.added', {
      item_id: rs,
      output_index: at,
      summary_index: 0,
      part: { type: 'summary_text', text: '' },
    });
    for (const w of splitWords(step.reasoning))
      emit('response.reasoning_summary_text.delta', { item_id: rs, output_index: at, summary_index: 0, delta: w });
    emit('response.reasoning_summary_text.done', {
      item_id: rs,
      output_index: at,
      summary_index: 0,
      text: step.reasoning,
    });
    emit('response.output_item.done', {
      output_index: at,
      item: {
        id: rs,
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: step.reasoning }],
        encrypted_content: step.encryptedReasoning ?? `enc_${id}`,
      },
    });
    reasoningTokens = Math.ceil(step.reasoning.length / 4);
  }
  if (step.webSearch) {
    const ws = newId('ws');
    const at = index++;
    emit('response.output_item.added', {
      output_index: at,
      item: { id: ws, type: 'web_search_call', status: 'in_progress' },
    });
    emit('response.web_search_call.in_progress', { item_id: ws, output_index: at });
    emit('response.web_search_call.searching', { item_id: ws, output_index: at });
    emit('response.web_search_call.completed', { item_id: ws, output_index: at });
    const sources = (step.webSearch.sources ?? []).map((url) => ({ type: 'url', url }));
    emit('response.output_item.done', {
      output_index: at,
      item: {
        id: ws,
        type: 'web_search_call',
        status: 'completed',
        action: { type: 'search', query: step.webSearch.query, sources },
      },
    });
  }
  (step.calls ?? []).forEach((c, n) => {
    const fc = newId('fc');
    const at = index++;
    const callId = c.id ?? `call_${n}`;
    const args = typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments);
    emit('response.output_item.added', {
      output_index: at,
      item: { id: fc, type: 'function_call', status: 'in_progress', arguments: '', call_id: callId, name: c.name },
    });
    const half = Math.ceil(args.length / 2);
    for (const piece of [args.slice(0, half), args.slice(half)])
      if (piece) emit('response.function_call_arguments.delta', { item_id: fc, output_index: at, delta: piece });
    emit('response.function_call_arguments.done', { item_id: fc, output_index: at, arguments: args });
    emit('response.output_item.done', {
      output_index: at,
      item: { id: fc, type: 'function_call', status: 'completed', arguments: args, call_id: callId, name: c.name },
    });
  });
  if (step.text !== undefined) {
    const msg = newId('msg');
    const at = index++;
    emit('response.output_item.added', {
      output_index: at,
      item: { id: msg, type: 'message', status: 'in_progress', role: 'assistant', content: [] },
    });
    emit('response.content_part.added', {
      item_id: msg,
      output_index: at,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    });
    for (const w of splitWords(step.text))
      emit('response.output_text.delta', { item_id: msg, output_index: at, content_index: 0, delta: w, logprobs: [] });
    (step.citations ?? []).forEach((c, n) =>
      emit('response.output_text.annotation.added', {
        item_id: msg,
        output_index: at,
        content_index: 0,
        annotation_index: n,
        annotation: { type: 'url_citation', url: c.url, title: c.title, start_index: 0, end_index: 0 },
      }),
    );
    emit('response.output_text.done', { item_id: msg, output_index: at, content_index: 0, text: step.text });
    emit('response.output_item.done', {
      output_index: at,
      item: {
        id: msg,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: step.text, annotations: [] }],
      },
    });
  }
  const outputTokens =
    Math.ceil(((step.text ?? '').length + JSON.stringify(step.calls ?? []).length) / 4) + reasoningTokens;
  const usage = {
    input_tokens: 40,
    input_tokens_details: { cached_tokens: 8 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: 40 + outputTokens,
  };
  if (step.incomplete)
    emit('response.incomplete', {
      response: response('incomplete', { usage, incomplete_details: { reason: step.incomplete } }),
    });
  else emit('response.completed', { response: response('completed', { usage }) });
  if (step.errorAfter !== undefined) {
    const err = step.error ?? {
      code: 'server_error',
      message: 'The mock server failed in the middle of the response.',
    };
    const head = out.slice(0, step.errorAfter);
    seq = head.length;
    out.length = 0;
    out.push(...head);
    emit('error', { error: { type: err.type ?? 'server_error', code: err.code, message: err.message, param: null } });
    emit('response.failed', {
      response: response('failed', { error: { code: err.code ?? 'server_error', message: err.message } }),
    });
  }
  return out;
}

/** Plays one Responses step: each event is its own write, `chunkDelayMs` apart. */
export async function playResponsesStep(step: ResponsesStep, model: string, ctx: PlayContext): Promise<void> {
  if (!(await sleep(step.firstByteDelayMs, ctx.signal))) return;
  const events = responsesEvents(step, model);
  ctx.res.writeHead(200, {
    ...ctx.baseHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  for (let i = 0; i < events.length; i++) {
    if (step.hangAfter !== undefined && i >= step.hangAfter) {
      if (!ctx.signal.aborted)
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
      return;
    }
    if (i > 0 && !(await sleep(step.chunkDelayMs, ctx.signal))) return;
    ctx.res.write(events[i]);
  }
  ctx.res.end();
}
