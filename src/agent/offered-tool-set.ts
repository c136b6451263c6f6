/**
 * What a request offered, for the record (architecture.md, "Offered tool sets"): the run's tools as the model saw
 * them, each with its origin, then the provider's own tools. The loop names each request's set by its content hash
 * and carries the definitions only on the first request of the run that offers that set; the persister keeps each
 * set once per session.
 */
import { toolSetHash, toolSetText, type OfferedTool, type OfferedToolSource } from '../domain/offered-tools';
import type { ToolHandle } from './tool-executor';

function sourceOf(h: ToolHandle): OfferedToolSource {
  if (h.source) return h.source;
  if (h.mcpServer) return { kind: 'mcp', serverId: h.mcpServer.serverId, serverName: h.mcpServer.serverName };
  return { kind: 'custom' };
}

export function offeredToolsOf(
  handles: readonly ToolHandle[],
  providerTools: readonly OfferedTool[] = [],
): OfferedTool[] {
  return [
    ...handles.map((h) => ({
      name: h.spec.name,
      description: h.spec.description,
      parameters: h.spec.parameters,
      source: sourceOf(h),
    })),
    ...providerTools,
  ];
}

/** A request's set: its hash, and its tools when this run has not offered it before. */
type RecordedToolSetRef = { hash: string; tools?: OfferedTool[] };

/** Hashes each turn's set once per distinct content; says which sets this run offers for the first time. */
export function toolSetRecorder(): (tools: OfferedTool[]) => RecordedToolSetRef {
  const hashes = new Map<string, string>();
  const announced = new Set<string>();
  return (tools) => {
    const text = toolSetText(tools);
    let hash = hashes.get(text);
    if (hash === undefined) {
      hash = toolSetHash(tools);
      hashes.set(text, hash);
    }
    if (announced.has(hash)) return { hash };
    announced.add(hash);
    return { hash, tools };
  };
}
