import type { Conversation } from '../../../agent/model-client';
import { canonicalJson } from '../../../domain/call-identity';
import { isRecord } from '../../../domain/is-record';
import type { AssistantMessage, ChatMessage, MessageImage, ToolMessage } from '../../../domain/messages';
import { geminiParameters } from './gemini-schema';
import type { GeminiPart } from './gemini-stream-types';
import type { LeftOutNote } from '../../../domain/left-out-note';
import { prefixHash, prefixHasher } from '../prefix-hash';

/** What the person set for the request; Gemini gets nothing else (docs/wire-formats.md). */
type GeminiSettings = {
  model: string;
  maxOutputTokens?: number;
  thinkingBudget?: number;
  temperature?: number;
  topP?: number;
};

type GeminiContent = { role: 'user' | 'model'; parts: GeminiPart[] };

type FunctionDeclaration = { name: string; description: string; parameters?: Record<string, unknown> };

/** The body of `models/{model}:streamGenerateContent` (the model is in the URL, not the body). */
export type GeminiBody = {
  systemInstruction?: { parts: { text: string }[] };
  contents: GeminiContent[];
  tools?: [{ functionDeclarations: FunctionDeclaration[] }];
  generationConfig?: {
    temperature?: number;
    topP?: number;
    maxOutputTokens?: number;
    thinkingConfig?: { thinkingBudget: number; includeThoughts?: boolean };
  };
};

/**
 * Google's documented stand-in for a signature Toolscope does not have (ai.google.dev/gemini-api/docs/thought-signatures,
 * FAQ; the Vertex page names this one, so it works on both): Gemini 3 refuses a functionCall of the current turn
 * without a signature, and accepts this string in its place.
 */
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';

/** Models before Gemini 3 never check signatures: they get no stand-in. */
const UNCHECKED_MODEL = /^(models\/)?gemini-(1|2)(\.|-)/i;

/**
 * The hash of what a reply answered: the request's system instruction and contents, as canonical JSON. Recorded with
 * the reply's parts (`prefixHash`, from the body that was sent), it lets a later request tell whether anything before
 * the reply changed. The stand-in signature is not counted: it goes only on calls of the current turn, so it leaves the
 * history when the person writes again, and nothing the model read changed.
 */
export function geminiPrefixHash(body: Pick<GeminiBody, 'systemInstruction' | 'contents'>): string {
  return prefixHash({ systemInstruction: body.systemInstruction ?? null }, body.contents, hashedContent);
}

const hashedContent = (c: GeminiContent) => ({ role: c.role, parts: c.parts.map(withoutStandIn) });

const stripModels = (id: string) => id.replace(/^models\//, '');

function withoutStandIn(part: GeminiPart): GeminiPart {
  if (part.thoughtSignature !== SKIP_SIGNATURE) return part;
  const { thoughtSignature: _standIn, ...rest } = part;
  return rest;
}

/**
 * The streamGenerateContent body for a conversation (docs/wire-formats.md, "Gemini"). A model turn goes back as the
 * parts the model sent, every `thoughtSignature` on its part, when Gemini wrote it for this model, nothing before it
 * changed and it still says what the message says; otherwise it is rebuilt from the message's text and calls without
 * signatures, and `leftOut` says so.
 */
export function buildGeminiBody(
  conversation: Conversation,
  settings: GeminiSettings,
): {
  body: GeminiBody;
  leftOut: LeftOutNote[];
} {
  const leftOut: LeftOutNote[] = [];
  const system: string[] = [];
  if (conversation.systemPrompt) system.push(conversation.systemPrompt);
  const contents: GeminiContent[] = [];
  const messages = conversation.messages;
  // The current turn starts at the last user message: Gemini 3 checks the signatures of its calls only.
  const currentTurnFrom = lastIndexOfRole(messages, 'user');
  // Function names by call id: a functionResponse names the function, and echoes the call's id when Gemini gave one.
  const calls = new Map<string, { name: string; id?: string }>();
  let changedBefore = false;
  let hashed: ((items: readonly GeminiContent[]) => string) | undefined;

  messages.forEach((m, index) => {
    switch (m.role) {
      case 'system':
        if (contents.length === 0) system.push(m.content);
        else {
          // Gemini has no system role inside `contents`.
          push(contents, 'user', [{ text: m.content }]);
          leftOut.push({
            messageId: m.id,
            what: 'system_message',
            why: 'Sent as user text: Gemini has no system role after the start.',
          });
        }
        break;
      case 'user':
        push(contents, 'user', userParts(m.content, m.images));
        break;
      case 'assistant': {
        if (m.status === 'streaming') break;
        // The system instruction is whole by the first reply: only summaries before any message add to it.
        hashed ??= prefixHasher({ systemInstruction: system.length > 0 ? instruction(system) : null }, hashedContent);
        const hasher = hashed;
        const prefix = () => hasher(contents);
        // With no hash recorded, a message before the reply that is newer than it (an edit, a fork) is a change too.
        const newerBefore = changedBefore || messages.slice(0, index).some((b) => b.createdAt > m.createdAt);
        const verbatim = verbatimParts(m, settings.model, prefix, newerBefore);
        if (verbatim.parts !== null) {
          recordCalls(m, verbatim.parts, calls);
          push(
            contents,
            'model',
            verbatim.parts.map((p) => ({ ...p })),
          );
          break;
        }
        if (verbatim.changed) changedBefore = true;
        if (verbatim.why !== null) leftOut.push({ messageId: m.id, what: 'thought_signature', why: verbatim.why });
        noteProviderItems(m, leftOut);
        const parts = rebuiltParts(m, leftOut);
        if (parts.length === 0) break;
        if (index > currentTurnFrom && !UNCHECKED_MODEL.test(settings.model)) signFirstCall(parts, m, leftOut);
        for (const c of m.toolCalls) calls.set(c.id, { name: c.name });
        push(contents, 'model', parts);
        break;
      }
      case 'tool':
        push(contents, 'user', toolParts(m, calls.get(m.toolCallId)));
        break;
    }
  });

  const body: GeminiBody = { contents };
  if (system.length > 0) body.systemInstruction = instruction(system);
  const declarations = conversation.tools.map((t) => {
    const { schema, dropped } = geminiParameters(t.parameters);
    if (dropped.length > 0)
      leftOut.push({
        what: 'tool_schema',
        why: `Tool ${t.name}: Gemini does not take ${dropped.join(', ')}; left out.`,
      });
    const d: FunctionDeclaration = { name: t.name, description: t.description };
    if (schema !== null) d.parameters = schema;
    return d;
  });
  if (declarations.length > 0) body.tools = [{ functionDeclarations: declarations }];
  const config = generationConfig(settings);
  if (config !== null) body.generationConfig = config;
  return { body, leftOut };
}

const instruction = (system: readonly string[]) => ({ parts: system.map((text) => ({ text })) });

/** Gemini wants turns to alternate: a content of the same role as the one before joins it. */
function push(contents: GeminiContent[], role: GeminiContent['role'], parts: GeminiPart[]): void {
  const last = contents.at(-1);
  if (last !== undefined && last.role === role) last.parts.push(...parts);
  else contents.push({ role, parts });
}

function userParts(text: string, images: readonly MessageImage[] | undefined): GeminiPart[] {
  const parts: GeminiPart[] = [];
  if (text !== '' || !images || images.length === 0) parts.push({ text });
  for (const image of images ?? []) parts.push({ inlineData: { mimeType: image.mimeType, data: image.data } });
  return parts;
}

type Verbatim = { parts: GeminiPart[] | null; why: string | null; changed: boolean };

/** The stored parts, when they can go back as they came; else why not. */
function verbatimParts(m: AssistantMessage, model: string, prefix: () => string, changedBefore: boolean): Verbatim {
  const wire = m.wireParts;
  if (wire === undefined) return { parts: null, why: null, changed: false };
  if (wire.format !== 'gemini')
    return {
      parts: null,
      why: `Written by another API (${wire.format}); its signed thinking cannot go to Gemini.`,
      changed: false,
    };
  if (stripModels(wire.model) !== stripModels(model))
    return {
      parts: null,
      why: `Signed by ${wire.model}, which ${model} does not accept; sent without signatures.`,
      changed: false,
    };
  if (m.status !== 'complete' && m.status !== 'length')
    return { parts: null, why: 'The reply was cut off; sent without its signatures.', changed: false };
  const parts = wire.parts as GeminiPart[];
  if (!sameContent(parts, m))
    return {
      parts: null,
      why: 'The reply was changed after the model wrote it; sent without its signatures.',
      changed: true,
    };
  const recorded = wire.prefixHash;
  const moved = recorded !== undefined ? recorded !== prefix() : changedBefore;
  if (moved)
    return {
      parts: null,
      why: 'Something before this reply changed since the model signed it; sent without its signatures.',
      changed: true,
    };
  return { parts, why: null, changed: false };
}

/** Whether the parts still say what the message says: its text and its calls with their arguments, in order. */
function sameContent(parts: readonly GeminiPart[], m: AssistantMessage): boolean {
  let text = '';
  const calls: string[] = [];
  for (const p of parts) {
    if (isRecord(p.functionCall))
      calls.push(`${p.functionCall.name ?? ''}\u0000${canonicalJson(p.functionCall.args ?? {})}`);
    else if (typeof p.text === 'string' && p.thought !== true) text += p.text;
  }
  if (text !== m.content || calls.length !== m.toolCalls.length) return false;
  return m.toolCalls.every((c, i) => {
    const args = parseObject(c.arguments);
    return args !== null && calls[i] === `${c.name}\u0000${canonicalJson(args)}`;
  });
}

function recordCalls(
  m: AssistantMessage,
  parts: readonly GeminiPart[],
  calls: Map<string, { name: string; id?: string }>,
) {
  const sent = parts.filter((p) => isRecord(p.functionCall));
  m.toolCalls.forEach((c, i) => {
    const id = sent[i]?.functionCall?.id;
    calls.set(c.id, typeof id === 'string' && id !== '' ? { name: c.name, id } : { name: c.name });
  });
}

/** The message's text and calls as Gemini parts. Thoughts stay out: Gemini reads nothing from unsigned thought text. */
function rebuiltParts(m: AssistantMessage, leftOut: LeftOutNote[]): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const text = m.content !== '' ? m.content : (m.refusal ?? '');
  if (text !== '') parts.push({ text });
  for (const c of m.toolCalls) {
    let args = parseObject(c.arguments);
    if (args === null) {
      // Gemini's args is an object; text that is not one goes inside one, so the call still reads as it was made.
      args = { arguments: c.arguments };
      leftOut.push({
        messageId: m.id,
        what: 'arguments',
        why: `The arguments of ${c.name} were not a JSON object; sent as {"arguments": text}.`,
      });
    }
    parts.push({ functionCall: { name: c.name, args } });
  }
  return parts;
}

function signFirstCall(parts: GeminiPart[], m: AssistantMessage, leftOut: LeftOutNote[]): void {
  const first = parts.find((p) => isRecord(p.functionCall));
  if (first === undefined) return;
  first.thoughtSignature = SKIP_SIGNATURE;
  leftOut.push({
    messageId: m.id,
    what: 'thought_signature',
    why:
      `Gemini 3 refuses a call of the current turn without its signature; its call ${first.functionCall?.name ?? ''} ` +
      `carries Google's stand-in ("${SKIP_SIGNATURE}"), so the model goes on without its earlier thinking.`,
  });
}

function noteProviderItems(m: AssistantMessage, leftOut: LeftOutNote[]): void {
  const items = m.providerItems ?? [];
  if (items.some((i) => i.kind === 'reasoning' && i.encryptedContent !== null))
    leftOut.push({
      messageId: m.id,
      what: 'reasoning',
      why: 'Encrypted reasoning from the Responses API cannot go to Gemini.',
    });
  if (items.some((i) => i.kind === 'provider_tool'))
    leftOut.push({
      messageId: m.id,
      what: 'provider_tool',
      why: "Tools the provider ran are another API's; their results are in the answer text.",
    });
}

/** A tool result as Gemini's functionResponse: `response` must be an object, so anything else is wrapped. */
function toolParts(m: ToolMessage, call: { name: string; id?: string } | undefined): GeminiPart[] {
  let value: unknown = m.content;
  try {
    value = JSON.parse(m.content);
  } catch {
    // Plain text stays text.
  }
  // Google's documented keys: "output" for what the function returned, "error" for how it failed.
  const response = m.isError ? { error: value } : isRecord(value) ? value : { output: value };
  const fr: Record<string, unknown> = { name: call?.name ?? m.name, response };
  if (call?.id !== undefined) fr.id = call.id;
  const parts: GeminiPart[] = [{ functionResponse: fr }];
  if (m.images && m.images.length > 0) {
    parts.push({ text: `Images returned by the tool call ${m.toolCallId} (${m.name}):` });
    for (const image of m.images) parts.push({ inlineData: { mimeType: image.mimeType, data: image.data } });
  }
  return parts;
}

function generationConfig(s: GeminiSettings): GeminiBody['generationConfig'] | null {
  const config: NonNullable<GeminiBody['generationConfig']> = {};
  if (s.temperature !== undefined) config.temperature = s.temperature;
  if (s.topP !== undefined) config.topP = s.topP;
  if (s.maxOutputTokens !== undefined) config.maxOutputTokens = s.maxOutputTokens;
  // A budget of 0 turns thinking off: there are no thoughts to include.
  if (s.thinkingBudget !== undefined)
    config.thinkingConfig =
      s.thinkingBudget === 0 ? { thinkingBudget: 0 } : { thinkingBudget: s.thinkingBudget, includeThoughts: true };
  return Object.keys(config).length > 0 ? config : null;
}

function parseObject(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

function lastIndexOfRole(messages: readonly ChatMessage[], role: ChatMessage['role']): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === role) return i;
  return -1;
}
