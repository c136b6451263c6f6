import { useMemo } from 'react';
import type { ToolCall, ToolMessage, WireParts } from '../../domain/messages';
import type { Citation, ProviderToolCall } from '../../domain/provider-items';
import { CitationList, ProviderToolCards } from './provider-tool-cards';
import type { ToolCallRecord } from '../data/record-types';
import { LongText } from '../shared/long-text';
import { ToolTurnCalls } from './tool-turn';
import { encryptedReasoningCount, encryptedReasoningWords, UnknownPartsNote } from './wire-parts-notes';
import { wordCount } from './word-count';

type Props = {
  sessionId: string;
  text: string;
  reasoning: string;
  refusal: string | null;
  toolCalls: ToolCall[];
  /** Calls whose arguments the person edited at a pause (architecture.md, "Breakpoints"). */
  editedCalls?: ReadonlySet<string>;
  partial: boolean;
  toolResults?: Map<string, ToolMessage>;
  toolRecords?: Map<string, ToolCallRecord>;
  /** Tools the provider ran for this turn (Responses API), and the sources the text cites. */
  providerTools?: readonly ProviderToolCall[];
  citations?: readonly Citation[];
  /** The reply as the provider's format gave it: its encrypted thinking is counted, its unknown parts named. */
  wireParts?: WireParts;
};

/** What an assistant turn shows, streamed or stored: collapsed reasoning, the text, then its tool calls. */
export function AssistantBody(p: Props) {
  // Not recounted while only the answer text grows after the reasoning.
  const reasoningWords = useMemo(() => (p.partial ? wordCount(p.reasoning) : 0), [p.partial, p.reasoning]);
  // Thinking the provider sent encrypted has no words to show, but it is there and goes back with the reply.
  const encrypted = encryptedReasoningCount(p.wireParts);
  const summary = p.partial ? `Reasoning… (${reasoningWords} words)` : 'Reasoning';
  return (
    <>
      {(p.reasoning || encrypted > 0) && (
        <details className="reasoning">
          {/* A model can think for a minute before writing a word: while it streams, the count shows it is alive. */}
          <summary>{encrypted > 0 ? `${summary} (${encryptedReasoningWords(encrypted)})` : summary}</summary>
          {p.reasoning && <LongText text={p.reasoning} format="plain" live={p.partial} />}
        </details>
      )}
      {p.providerTools && <ProviderToolCards calls={p.providerTools} />}
      {p.text && <LongText text={p.text} format="markdown" live={p.partial} />}
      <CitationList citations={p.citations} />
      {p.refusal && <p className="verdict-bad">The model refused: {p.refusal}</p>}
      <UnknownPartsNote wireParts={p.wireParts} />
      {p.toolCalls.length > 0 && (
        <ToolTurnCalls
          sessionId={p.sessionId}
          toolCalls={p.toolCalls}
          partial={p.partial}
          toolResults={p.toolResults}
          toolRecords={p.toolRecords}
          {...(p.editedCalls ? { editedCalls: p.editedCalls } : {})}
        />
      )}
    </>
  );
}
