import type { CallModel } from './model';

/**
 * A turn's calls in start order, each child span right after its parent (depth-first), with its depth: 2 for a
 * call of the turn, one more per parent. A call whose parent is outside the turn stays at the top; a loop of parents
 * is broken at its first call (architecture.md, "Timeline layout").
 */
export function callTree(calls: readonly CallModel[]): { call: CallModel; depth: number }[] {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  if (!sorted.some((c) => c.parentCallId !== undefined)) return sorted.map((call) => ({ call, depth: 2 }));
  const ids = new Set(sorted.map((c) => c.callId));
  const children = new Map<string, CallModel[]>();
  for (const c of sorted) {
    if (c.parentCallId === undefined || !ids.has(c.parentCallId) || c.parentCallId === c.callId) continue;
    const list = children.get(c.parentCallId);
    if (list) list.push(c);
    else children.set(c.parentCallId, [c]);
  }
  const out: { call: CallModel; depth: number }[] = [];
  const placed = new Set<string>();
  const visit = (call: CallModel, depth: number) => {
    if (placed.has(call.callId)) return;
    placed.add(call.callId);
    out.push({ call, depth });
    for (const child of children.get(call.callId) ?? []) visit(child, depth + 1);
  };
  for (const c of sorted) {
    const top = c.parentCallId === undefined || !ids.has(c.parentCallId) || c.parentCallId === c.callId;
    if (top) visit(c, 2);
  }
  // Calls whose parents lead back to themselves were not reached from a top call: each starts a tree of its own.
  for (const c of sorted) visit(c, 2);
  return out;
}
