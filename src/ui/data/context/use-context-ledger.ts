import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import {
  contextLedger,
  contextLedgerTexts,
  type ContextLedger,
  type CustomToolKind,
  type LedgerRequest,
} from '../../../context/context-ledger';
import { contextLimitFor, FALLBACK_CONTEXT_LIMIT } from '../../../context/model-limits';
import type { Encoding } from '../../../context/tokens/token-count';
import { tokenCounterFor } from '../../../context/tokens/token-counter';
import { db } from '../../../db/database';
import { readRecordedStep } from '../../../db/recorded-step';
import { getSession } from '../../../db/sessions-repo';
import { stepSend } from '../../../context/step-send';
import { toolsOfferedToday } from '../../../context/tools-offered-today';
import { listTools } from '../../../db/tools-repo';
import { requestView } from '../../../domain/request-view';

type LedgerInput = { model: string; request: LedgerRequest; window: number | null };

/** What the ledger reads: the step as it was sent (the one step reader), today's tool kinds, the recorded window. */
export async function readLedgerInput(sessionId: string, messageId: string): Promise<LedgerInput | null> {
  // A step not on the shown path (another branch) or not stored yet (a live turn) has no ledger to show.
  const [step, session] = await Promise.all([
    readRecordedStep(db, sessionId, messageId).catch(() => null),
    getSession(db, sessionId),
  ]);
  if (!step || !session) return null;
  // The request the step sends again (`stepSend`): the prompt Re-run and Try on other models send too, and for a step
  // that recorded no tools, today's as every step feature offers them (`toolsOfferedToday`).
  const definitions = await listTools(db);
  const sent = stepSend(step, session.settings, () => toolsOfferedToday(session.settings, { definitions }));
  const customKinds = new Map<string, CustomToolKind>();
  for (const t of definitions) if (t.kind === 'http' || t.kind === 'code') customKinds.set(t.name, t.kind);
  const named = contextLimitFor(step.model);
  const window = step.contextLimit ?? named.tokens;
  // The conservative default for a model the app does not know is a guess, not the model's window.
  const known = !(named.source === 'fallback' && window === FALLBACK_CONTEXT_LIMIT);
  return {
    model: step.model,
    request: { systemPrompt: sent.systemPrompt, messages: requestView(step.history), tools: sent.tools, customKinds },
    window: known ? window : null,
  };
}

/** How long the ledger waits for exact counts before it settles for estimates of what is left. */
const COUNT_BUDGET_MS = 60_000;

export type LedgerView = ContextLedger & { encoding: Encoding | null };

/**
 * The context ledger of one model turn (architecture.md, "Context ledger"). Shown at once from the counts already
 * known (estimates for the rest); the model's tokenizer counts the remaining texts in its worker and the ledger is
 * redone when they arrive, so the main thread only sums. undefined while reading; null when the step has none.
 */
export function useContextLedger(
  sessionId: string,
  messageId: string,
  reported: number | null,
): LedgerView | null | undefined {
  const input = useLiveQuery(() => readLedgerInput(sessionId, messageId), [sessionId, messageId]);
  const counter = input ? tokenCounterFor(input.model) : null;
  const options = useMemo(() => ({ window: input?.window ?? null, reported }), [input, reported]);
  const immediate = useMemo(
    () => (input && counter ? contextLedger(input.request, counter, options) : null),
    [input, counter, options],
  );
  const [counted, setCounted] = useState<{ input: LedgerInput; options: object; ledger: ContextLedger } | null>(null);
  useEffect(() => {
    if (!input || !counter) return;
    let live = true;
    // Nothing waits on this count (no request is about to go), so the tokenizer gets all the time it needs.
    void counter.prepare(contextLedgerTexts(input.request), COUNT_BUDGET_MS).then(() => {
      if (live) setCounted({ input, options, ledger: contextLedger(input.request, counter, options) });
    });
    return () => {
      live = false;
    };
  }, [input, counter, options]);
  if (input === undefined) return undefined;
  const ledger = counted && counted.input === input && counted.options === options ? counted.ledger : immediate;
  return ledger && counter ? { ...ledger, encoding: counter.encoding } : null;
}
