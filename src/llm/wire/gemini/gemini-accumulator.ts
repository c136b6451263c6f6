import type { AccumulatedToolCall, AccumulatedTurn, Accumulator, AccumulatorDelta } from '../../../agent/accumulator';
import { providerErrorFromPayload } from '../../../agent/provider-error';
import { isRecord } from '../../../domain/is-record';
import type { ProviderToolCall } from '../../../domain/provider-items';
import { blockingRatings, geminiFinishReason, geminiStopNote, geminiUsage, hasGeminiCounts } from './gemini-finish';
import { GeminiArgsBuilder } from './gemini-partial-args';
import type {
  GeminiFunctionCall,
  GeminiPart,
  GeminiSafetyRating,
  GeminiStreamChunk,
  GeminiUsageMetadata,
} from './gemini-stream-types';

/**
 * A Gemini reply folded into the loop's turn, plus what only Gemini has. `parts` is the model's content as it must
 * go back in the next request: every `thoughtSignature` on the very part it came on, byte for byte; adjacent
 * unsigned text parts of the same kind merged (a signed part is never merged into or out of); a streamed call as
 * one part with its whole `args`; parts of unknown kind verbatim.
 */
export type GeminiTurn = AccumulatedTurn & {
  parts: GeminiPart[];
  /** The candidate's finishReason as sent (`finishReason` holds the loop's word for it). */
  finishReasonRaw: string | null;
  /** `promptFeedback.blockReason`: the prompt itself was blocked and no candidate came. */
  blockReason: string | null;
  /** The provider's own words on why it stopped (`finishMessage` or `blockReasonMessage`). */
  finishMessage: string | null;
  /** The safety ratings that blocked the reply or the prompt; empty when nothing was blocked. */
  safety: GeminiSafetyRating[];
  modelVersion: string | null;
};

/** The loop's `Accumulator` whose result carries Gemini's parts and stop details. */
interface GeminiAccumulator extends Accumulator<GeminiStreamChunk> {
  result(): GeminiTurn;
}

type Call = {
  ordinal: number;
  id: string;
  name: string;
  /** The part that goes back; for a streamed call its `functionCall.args` is the builder's live object. */
  part: GeminiPart;
  /** Set while Vertex streams this call's arguments piece by piece. */
  builder: GeminiArgsBuilder | null;
  arguments: string;
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A text part with nothing but `text` and `thought` on it: the only kind that may be merged. */
function isPlainText(part: GeminiPart): boolean {
  for (const key in part) if (key !== 'text' && key !== 'thought') return false;
  return true;
}

/**
 * Gemini gives a call an `id` only sometimes. Without one, the call is named after the reply and its ordinal in
 * it, which is stable across re-reads of the same stream and uses only the characters every provider accepts in a
 * call id (for "Try on other models"). The part keeps no invented id: what goes back is what came.
 */
function stableId(given: unknown, kind: 'call' | 'code', responseId: string | null, ordinal: number): string {
  if (typeof given === 'string' && given !== '') return given;
  const reply = responseId === null ? 'reply' : responseId.replace(/[^A-Za-z0-9_-]/g, '_');
  return `gemini_${kind}_${reply}_${ordinal}`;
}

const CODE_STATUS: Record<string, string> = {
  OUTCOME_OK: 'completed',
  OUTCOME_FAILED: 'failed',
  OUTCOME_DEADLINE_EXCEEDED: 'deadline_exceeded',
};

class GeminiReducer {
  text = '';
  reasoning = '';
  parts: GeminiPart[] = [];
  calls: Call[] = [];
  tools: ProviderToolCall[] = [];
  finishRaw: string | null = null;
  blockReason: string | null = null;
  finishMessage: string | null = null;
  safety: GeminiSafetyRating[] = [];
  usage: GeminiUsageMetadata | null = null;
  responseId: string | null = null;
  modelVersion: string | null = null;
  /** Index in `parts` of the plain text part a following plain text part of the same kind may extend. */
  private mergeInto = -1;
  private open: Call | null = null;

  apply(chunk: GeminiStreamChunk, out: AccumulatorDelta[]): void {
    if (!isRecord(chunk)) return;
    if (chunk.error !== undefined && chunk.error !== null) throw providerErrorFromPayload(chunk.error);
    if (this.responseId === null && typeof chunk.responseId === 'string') this.responseId = chunk.responseId;
    if (this.modelVersion === null && typeof chunk.modelVersion === 'string') this.modelVersion = chunk.modelVersion;
    const candidates = chunk.candidates;
    if (Array.isArray(candidates)) {
      for (const candidate of candidates) {
        // candidateCount > 1 sends several; only the first is the conversation's.
        if (!isRecord(candidate) || (candidate.index !== undefined && candidate.index !== 0)) continue;
        const parts = candidate.content?.parts;
        if (Array.isArray(parts)) for (const part of parts) if (isRecord(part)) this.applyPart(part, out);
        if (typeof candidate.finishReason === 'string' && candidate.finishReason !== '') {
          this.closeOpenCall(out);
          this.finishRaw = candidate.finishReason;
          if (typeof candidate.finishMessage === 'string') this.finishMessage = candidate.finishMessage;
          this.safety = blockingRatings(candidate.safetyRatings);
        }
      }
    }
    const feedback = chunk.promptFeedback;
    if (isRecord(feedback) && typeof feedback.blockReason === 'string' && feedback.blockReason !== '') {
      this.blockReason = feedback.blockReason;
      if (typeof feedback.blockReasonMessage === 'string') this.finishMessage = feedback.blockReasonMessage;
      this.safety = blockingRatings(feedback.safetyRatings);
    }
    const usage = chunk.usageMetadata;
    if (isRecord(usage) && hasGeminiCounts(usage)) this.usage = usage;
  }

  private applyPart(part: GeminiPart, out: AccumulatorDelta[]): void {
    const fc = part.functionCall;
    if (isRecord(fc)) {
      this.applyCall(part, fc, out);
      return;
    }
    this.closeOpenCall(out);
    if (typeof part.text === 'string') {
      this.applyText(part, out);
      return;
    }
    this.mergeInto = -1;
    if (isRecord(part.executableCode)) this.applyCode(part.executableCode, out);
    else if (isRecord(part.codeExecutionResult)) this.applyCodeResult(part.codeExecutionResult, out);
    // Any other kind (inlineData, a kind added later) goes back as it came.
    this.parts.push(part);
  }

  private applyText(part: GeminiPart, out: AccumulatorDelta[]): void {
    const text = part.text as string;
    const thought = part.thought === true;
    if (text !== '') {
      if (thought) {
        this.reasoning += text;
        out.push({ kind: 'reasoning', delta: text });
      } else {
        this.text += text;
        out.push({ kind: 'text', delta: text });
      }
    }
    if (!isPlainText(part)) {
      // Signed (or otherwise marked): kept exactly, and nothing is merged into it.
      this.parts.push(part);
      this.mergeInto = -1;
      return;
    }
    if (text === '') return;
    const target = this.parts[this.mergeInto];
    if (target !== undefined && (target.thought === true) === thought) {
      target.text = (target.text ?? '') + text;
      return;
    }
    this.parts.push(thought ? { text, thought: true } : { text });
    this.mergeInto = this.parts.length - 1;
  }

  private applyCall(part: GeminiPart, fc: GeminiFunctionCall, out: AccumulatorDelta[]): void {
    this.mergeInto = -1;
    const name = str(fc.name);
    const pieces = Array.isArray(fc.partialArgs) ? fc.partialArgs : null;
    if (name !== '') {
      this.closeOpenCall(out);
      if (fc.willContinue === true || pieces !== null) {
        this.startStreamedCall(part, fc, name, pieces, out);
        return;
      }
      // A whole call: sent back verbatim.
      const args = isRecord(fc.args) ? JSON.stringify(fc.args) : typeof fc.args === 'string' ? fc.args : '{}';
      const call = this.addCall(part, fc, name, null, args);
      out.push({ kind: 'tool_call', index: call.ordinal, id: call.id, name, argumentsDelta: args });
      return;
    }
    const open = this.open;
    if (open === null) {
      // A stray end marker (`functionCall: {}`) carries nothing to send back; anything else is kept as it came.
      if (Object.keys(fc).some((k) => k !== 'willContinue') || Object.keys(part).length > 1) this.parts.push(part);
      return;
    }
    this.takeSignature(open, part);
    if (pieces !== null) {
      open.builder?.add(pieces);
      if (fc.willContinue !== true && pieces.every((p) => p.willContinue !== true)) this.closeOpenCall(out);
    } else if (fc.willContinue !== true) {
      // `functionCall: {}` ends the call whose arguments were streaming.
      this.closeOpenCall(out);
    }
  }

  private startStreamedCall(
    part: GeminiPart,
    fc: GeminiFunctionCall,
    name: string,
    pieces: GeminiFunctionCall['partialArgs'],
    out: AccumulatorDelta[],
  ): void {
    const builder = new GeminiArgsBuilder();
    const call = this.addCall(part, fc, name, builder, '');
    this.open = call;
    out.push({ kind: 'tool_call', index: call.ordinal, id: call.id, name, argumentsDelta: '' });
    if (Array.isArray(pieces)) {
      builder.add(pieces);
      if (fc.willContinue !== true && pieces.every((p) => p.willContinue !== true)) this.closeOpenCall(out);
    }
  }

  private addCall(
    part: GeminiPart,
    fc: GeminiFunctionCall,
    name: string,
    builder: GeminiArgsBuilder | null,
    args: string,
  ): Call {
    let sent = part;
    if (builder !== null) {
      // The streaming markers stay behind: the part that goes back is the whole call.
      const whole: GeminiFunctionCall = { name, args: builder.args };
      if (typeof fc.id === 'string' && fc.id !== '') whole.id = fc.id;
      sent = { ...part, functionCall: whole };
    }
    const ordinal = this.calls.length;
    const call: Call = {
      ordinal,
      id: stableId(fc.id, 'call', this.responseId, ordinal),
      name,
      part: sent,
      builder,
      arguments: args,
    };
    this.calls.push(call);
    this.parts.push(sent);
    return call;
  }

  /** A signature on a continuation piece belongs to the call; one it cannot take is kept on a part of its own. */
  private takeSignature(call: Call, piece: GeminiPart): void {
    const sig = piece.thoughtSignature;
    if (typeof sig !== 'string') return;
    if (call.part.thoughtSignature === undefined) call.part.thoughtSignature = sig;
    else if (call.part.thoughtSignature !== sig) this.parts.push({ text: '', thoughtSignature: sig });
  }

  private closeOpenCall(out: AccumulatorDelta[]): void {
    const call = this.open;
    if (call === null) return;
    this.open = null;
    call.arguments = JSON.stringify(call.builder?.args ?? {});
    out.push({ kind: 'tool_call', index: call.ordinal, id: call.id, name: call.name, argumentsDelta: call.arguments });
  }

  private applyCode(code: NonNullable<GeminiPart['executableCode']>, out: AccumulatorDelta[]): void {
    const id = stableId(code.id, 'code', this.responseId, this.tools.length);
    const tool: ProviderToolCall = {
      kind: 'provider_tool',
      id,
      itemType: 'executable_code',
      name: 'code_execution',
      status: 'in_progress',
      input: str(code.code),
      output: '',
    };
    this.tools.push(tool);
    out.push({ kind: 'provider_tool', item: { ...tool } });
  }

  private applyCodeResult(result: NonNullable<GeminiPart['codeExecutionResult']>, out: AccumulatorDelta[]): void {
    const id = str(result.id);
    // Without ids a result answers the latest code still running.
    let tool = id !== '' ? this.tools.find((t) => t.id === id) : undefined;
    if (tool === undefined && id === '') tool = [...this.tools].reverse().find((t) => t.status === 'in_progress');
    if (tool === undefined) {
      tool = {
        kind: 'provider_tool',
        id: stableId(id, 'code', this.responseId, this.tools.length),
        itemType: 'executable_code',
        name: 'code_execution',
        status: 'in_progress',
        input: '',
        output: '',
      };
      this.tools.push(tool);
    }
    const outcome = str(result.outcome);
    tool.status = CODE_STATUS[outcome] ?? (outcome !== '' ? outcome.toLowerCase() : 'completed');
    tool.output = str(result.output);
    out.push({ kind: 'provider_tool', item: { ...tool } });
  }

  result(): GeminiTurn {
    const toolCalls: AccumulatedToolCall[] = this.calls.map((c) => ({
      id: c.id,
      name: c.name,
      // A call cut before its end shows the arguments gathered so far.
      arguments: c === this.open ? JSON.stringify(c.builder?.args ?? {}) : c.arguments,
    }));
    let finishReason: string | null = null;
    if (this.blockReason !== null) finishReason = 'content_filter';
    else if (this.finishRaw !== null) finishReason = geminiFinishReason(this.finishRaw, toolCalls.length > 0);
    const turn: GeminiTurn = {
      text: this.text,
      reasoning: this.reasoning,
      refusal: null,
      toolCalls,
      finishReason,
      usage: this.usage === null ? null : geminiUsage(this.usage),
      parts: this.parts.map(copyPart),
      finishReasonRaw: this.finishRaw,
      blockReason: this.blockReason,
      finishMessage: this.finishMessage,
      safety: this.safety,
      modelVersion: this.modelVersion,
    };
    const note = geminiStopNote({
      finishReason: this.finishRaw,
      blockReason: this.blockReason,
      finishMessage: this.finishMessage,
      safety: this.safety,
    });
    if (note !== null) turn.stopNote = note;
    if (this.tools.length > 0) turn.items = this.tools.map((t) => ({ ...t }));
    if (this.responseId !== null) turn.responseId = this.responseId;
    return turn;
  }
}

/** A copy the caller may keep: a streamed call's args object goes on growing inside the reducer. */
function copyPart(p: GeminiPart): GeminiPart {
  return isRecord(p.functionCall) ? { ...p, functionCall: structuredClone(p.functionCall) } : { ...p };
}

export function createGeminiAccumulator(): GeminiAccumulator {
  const reducer = new GeminiReducer();
  return {
    push(chunk) {
      const out: AccumulatorDelta[] = [];
      reducer.apply(chunk, out);
      return out;
    },
    result: () => reducer.result(),
  };
}

/**
 * The cut-stream guard (sse-reader's `isFinal`): Gemini sends no `[DONE]`, so a reply is complete only once a
 * candidate gave a finishReason or the prompt was blocked.
 */
export function isGeminiFinal(chunk: unknown): boolean {
  if (!isRecord(chunk)) return false;
  const feedback = chunk.promptFeedback;
  if (isRecord(feedback) && typeof feedback.blockReason === 'string' && feedback.blockReason !== '') return true;
  const candidates = chunk.candidates;
  if (!Array.isArray(candidates)) return false;
  for (const c of candidates)
    if (isRecord(c) && typeof c.finishReason === 'string' && c.finishReason !== '') return true;
  return false;
}
