/**
 * The tools of a re-run, as the step offered them (architecture.md, "Offered tool sets"): exactly the recorded
 * definitions, in their order. A recorded tool that still exists runs as today's tool; one that is gone (its MCP
 * server removed, the tool deleted) is still offered, answers from the session's recordings when a call matches, and
 * otherwise says it is not available now.
 */
import type { OfferedTool } from '../domain/offered-tools';
import { canonicalJson } from '../domain/call-identity';
import type { RecordedResultsCursor } from './recorded-results';
import type { ToolExecutor, ToolHandle } from './tool-executor';

export function notAvailableText(name: string): string {
  return (
    `Error: the tool "${name}" is not available now (it was offered at this step, but its definition ` +
    `or server is gone) and this call has no recorded result. Answer without it.`
  );
}

function goneTool(tool: OfferedTool, recorded: RecordedResultsCursor | undefined): ToolHandle {
  return {
    spec: { name: tool.name, description: tool.description, parameters: tool.parameters },
    source: tool.source,
    needsApproval: false,
    validate: () => [],
    run: (args) => {
      const hit = recorded?.next(tool.name, canonicalJson(args ?? {})) ?? null;
      if (hit)
        return Promise.resolve({
          outcome: hit.outcome,
          content: hit.content,
          logs: [],
          recorded: true,
          ...(hit.images ? { images: hit.images } : {}),
        });
      return Promise.resolve({ outcome: 'error', content: notAvailableText(tool.name), logs: [] });
    },
  };
}

/** Offers `offered` (provider tools left to the model client); each runs as `live`'s tool of that name when there is one. */
export function offeredToolsExecutor(
  offered: readonly OfferedTool[],
  live: ToolExecutor,
  recorded?: RecordedResultsCursor,
): ToolExecutor {
  const handles = offered
    .filter((t) => t.source.kind !== 'provider')
    .map((t): ToolHandle => {
      const now = live.get(t.name);
      const spec = { name: t.name, description: t.description, parameters: t.parameters };
      return now ? { ...now, spec, source: t.source } : goneTool(t, recorded);
    });
  const byName = new Map(handles.map((h) => [h.spec.name, h]));
  return { list: () => [...handles], get: (name) => byName.get(name) };
}
