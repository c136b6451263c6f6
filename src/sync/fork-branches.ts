import { ROOT_BRANCH, type Branch } from '../domain/branches';
import { hlcDevice, parseHlc, type Hlc } from './hlc';

/** A message as the fork rule sees it: where it sits and the stamp it was created with (its device). */
export type ForkInput = { id: string; branchId: string; order: number; created: Hlc };

/**
 * A session continued on two devices offline becomes two branches, never an interleaved transcript
 * (architecture.md, "Sync and backup"). Where messages of different devices claim the same place in one branch,
 * the device whose message there has the oldest stamp keeps the branch; each other device's messages from there
 * on move to a branch of their own, continuing after the last message both had. Pure and order-free: every
 * device computes the same branches from the same messages.
 */
export function forkConcurrent(
  branches: readonly Branch[],
  messages: readonly ForkInput[],
): { branches: Branch[]; moved: Map<string, string> } {
  const out = [...branches];
  const moved = new Map<string, string>();
  const branchOf = (m: ForkInput) => moved.get(m.id) ?? m.branchId;
  const queue = [ROOT_BRANCH, ...branches.map((b) => b.id)];
  for (let qi = 0; qi < queue.length; qi++) {
    const bid = queue[qi]!;
    for (;;) {
      const own = messages
        .filter((m) => branchOf(m) === bid)
        .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1));
      const clash = firstClash(own);
      if (clash === null) break;
      const atClash = own.filter((m) => m.order === clash).sort((a, b) => (a.created < b.created ? -1 : 1));
      const keeper = hlcDevice(atClash[0]!.created);
      const before = own.filter((m) => m.order < clash);
      const last = before[before.length - 1];
      const parent = out.find((b) => b.id === bid);
      const devices = [...new Set(atClash.map((m) => hlcDevice(m.created)))].filter((d) => d !== keeper).sort();
      for (const device of devices) {
        const movers = own.filter((m) => m.order >= clash && hlcDevice(m.created) === device);
        const first = movers[0]!;
        const id = `sync-${first.id}`;
        const branch: Branch = last
          ? { id, parentId: bid, forkMessageId: last.id, createdAt: parseHlc(first.created).ms }
          : {
              id,
              parentId: parent?.parentId ?? ROOT_BRANCH,
              forkMessageId: parent?.forkMessageId ?? null,
              createdAt: parseHlc(first.created).ms,
            };
        if (!out.some((b) => b.id === id)) out.push(branch);
        for (const m of movers) moved.set(m.id, id);
        queue.push(id);
      }
    }
  }
  return { branches: out, moved };
}

/** The first order at which messages of two devices meet, or null. */
function firstClash(own: readonly ForkInput[]): number | null {
  for (let i = 0; i + 1 < own.length; i++) {
    const a = own[i]!;
    const b = own[i + 1]!;
    if (a.order === b.order && hlcDevice(a.created) !== hlcDevice(b.created)) return a.order;
  }
  return null;
}
