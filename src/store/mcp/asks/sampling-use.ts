/**
 * Who is told when a server's sampling request ran on the model (architecture.md, "MCP prompts, resources and
 * sampling"). A request is not tied to one call on the wire, so every call running on that server while it ran
 * keeps it (the same attribution as the server's log lines).
 */
import type { Usage } from '../../../domain/messages';

type SamplingRan = { model: string; usage: Usage; startedAt: number; durationMs: number };

const watchers = new Map<string, Set<(ran: SamplingRan) => void>>();

export function watchMcpSampling(serverId: string, sink: (ran: SamplingRan) => void): () => void {
  const set = watchers.get(serverId) ?? new Set();
  watchers.set(serverId, set);
  set.add(sink);
  return () => set.delete(sink);
}

export function reportMcpSampling(serverId: string, ran: SamplingRan): void {
  for (const sink of watchers.get(serverId) ?? []) sink(ran);
}
