import type { EventRecord, RunRecord } from '../db/records';
import {
  addUsage,
  zeroUsage,
  type AssistantStatus,
  type ChatMessage,
  type ToolOutcome,
  type Usage,
} from '../domain/messages';
import { buildTimeline } from '../timeline/build-timeline';
import { layoutTimeline, type TimelineLayout } from '../timeline/layout';
import type { TimelineModel } from '../timeline/model';
import { summarize } from '../timeline/summary';

/**
 * What Compare puts side by side: one path through a conversation and the runs that made it. A whole session is
 * one such path (its messages in order, all its runs); a branch of a session is another (the messages from the
 * root to its tip, and the runs that wrote them), so two sessions, two branches or a branch and a fork compare
 * the same way. Nothing here reads storage.
 */
export type ComparePath = {
  /** What the side is called: a session's title, or a session and a branch. */
  label: string;
  sessionId: string;
  /** The model the session is set to (runs may have used others; see CompareSide.models). */
  model: string;
  /** The path's messages in conversation order. */
  messages: readonly ChatMessage[];
  /** The runs that wrote the path, with their events. */
  runs: readonly RunRecord[];
  events: readonly EventRecord[];
};

/** How one path's tool calls ended, by tool name; `unanswered` counts calls the path holds no result for. */
type ToolTally = { name: string; total: number; outcomes: Partial<Record<ToolOutcome | 'unanswered', number>> };

/** A price for a path's tokens, when a price list knows its model; Compare shows tokens either way. */
export type PriceOf = (model: string, usage: Usage) => { amount: number; currency: string } | null;

export type CompareSide = {
  label: string;
  sessionId: string;
  model: string;
  /** The models the runs used, in order of first use (empty when there were no runs). */
  models: string[];
  userMessages: number;
  /** Model replies kept on the path (one per model turn). */
  turns: number;
  toolCalls: number;
  tools: ToolTally[];
  usage: Usage;
  /** null when no price is known for the model. */
  cost: { amount: number; currency: string } | null;
  /** Wall time of the runs (idle time between runs not counted). */
  durationMs: number;
  runs: number;
  /** The last reply with text on the path, and how it ended; null when the path has none. */
  finalAnswer: { text: string; status: AssistantStatus } | null;
  timeline: TimelineModel;
  layout: TimelineLayout;
};

export type Comparison = {
  a: CompareSide;
  b: CompareSide;
  /** The time scale both timelines share: the longer of the two, so equal times line up. */
  scaleMs: number;
};

const noPrice: PriceOf = () => null;

export function describePath(path: ComparePath, now: number, priceOf: PriceOf = noPrice): CompareSide {
  const timeline = buildTimeline(path.sessionId, path.runs, path.events, now);
  const stats = summarize(timeline);
  const layout = layoutTimeline(timeline);

  const tallies = new Map<string, ToolTally>();
  const tally = (name: string, outcome: ToolOutcome | 'unanswered') => {
    let t = tallies.get(name);
    if (!t) {
      t = { name, total: 0, outcomes: {} };
      tallies.set(name, t);
    }
    t.total += 1;
    t.outcomes[outcome] = (t.outcomes[outcome] ?? 0) + 1;
  };
  const answered = new Map<string, ToolOutcome>();
  for (const m of path.messages) if (m.role === 'tool') answered.set(m.toolCallId, m.outcome);

  let userMessages = 0;
  let turns = 0;
  let toolCalls = 0;
  let finalAnswer: CompareSide['finalAnswer'] = null;
  for (const m of path.messages) {
    if (m.role === 'user') userMessages += 1;
    if (m.role !== 'assistant') continue;
    turns += 1;
    if (m.content.trim() !== '') finalAnswer = { text: m.content, status: m.status };
    for (const call of m.toolCalls) {
      toolCalls += 1;
      tally(call.name, answered.get(call.id) ?? 'unanswered');
    }
  }

  // The timeline's run usage: a finished run's total, or the sum of its finished requests while it is live.
  const usage = timeline.runs.reduce((sum, r) => addUsage(sum, r.usage), zeroUsage());
  const models: string[] = [];
  for (const r of timeline.runs) if (r.model && !models.includes(r.model)) models.push(r.model);
  return {
    label: path.label,
    sessionId: path.sessionId,
    model: path.model,
    models,
    userMessages,
    turns,
    toolCalls,
    tools: [...tallies.values()].sort((x, y) => y.total - x.total || (x.name < y.name ? -1 : 1)),
    usage,
    cost: priceOf(models.at(-1) ?? path.model, usage),
    durationMs: stats.totalMs,
    runs: timeline.runs.length,
    finalAnswer,
    timeline,
    layout,
  };
}

/** Two paths side by side, their timelines on one time scale. */
export function comparePaths(a: ComparePath, b: ComparePath, now: number, priceOf: PriceOf = noPrice): Comparison {
  const left = describePath(a, now, priceOf);
  const right = describePath(b, now, priceOf);
  return { a: left, b: right, scaleMs: Math.max(left.layout.totalMs, right.layout.totalMs) };
}

/** The layout drawn on the shared scale: its pan and zoom reach as far as the longer side. */
export function onSharedScale(layout: TimelineLayout, scaleMs: number): TimelineLayout {
  return layout.totalMs === scaleMs ? layout : { ...layout, totalMs: scaleMs };
}
