import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import {
  contextUsage,
  contextUsageTexts,
  type ContextUsage,
  type ContextUsageInput,
} from '../../../context/context-usage';
import { contextLimitFor } from '../../../context/model-limits';
import { tokenCounterFor } from '../../../context/tokens/token-counter';
import { db } from '../../../db/database';
import { getSession } from '../../../db/sessions-repo';
import { fromMessageRecord, loadPathRecords } from '../../../db/messages-repo';
import { nextRequestParts } from '../../../context/next-request-parts';

/**
 * Live estimate of how full the next request's context window is (re-reads as messages are stored). It shows at
 * once, from the counts already known and estimates for the rest; the model's tokenizer counts the new texts in a
 * worker and the figure is redone when they arrive. Nothing here counts on the main thread.
 */
export function useContextUsage(sessionId: string): ContextUsage | null {
  const input = useLiveQuery(async (): Promise<(ContextUsageInput & { model: string }) | null> => {
    const session = await getSession(db, sessionId);
    if (!session) return null;
    const [records, parts] = await Promise.all([
      loadPathRecords(db, sessionId),
      nextRequestParts(sessionId, session.settings),
    ]);
    return {
      model: session.model,
      messages: records.map(fromMessageRecord),
      systemText: parts.systemText,
      tools: parts.tools,
      limit: contextLimitFor(session.model, session.settings.contextLimit).tokens,
      lastReported: parts.lastReported,
    };
  }, [sessionId]);
  const counter = input ? tokenCounterFor(input.model) : null;
  const immediate = useMemo(() => (input && counter ? contextUsage({ ...input, counter }) : null), [input, counter]);
  const [counted, setCounted] = useState<{ input: object; usage: ContextUsage } | null>(null);
  useEffect(() => {
    if (!input || !counter) return;
    let live = true;
    void counter.prepare(contextUsageTexts(input)).then(() => {
      if (live) setCounted({ input, usage: contextUsage({ ...input, counter }) });
    });
    return () => {
      live = false;
    };
  }, [input, counter]);
  return counted && counted.input === input ? counted.usage : immediate;
}
