import { offeredToolsOf } from '../agent/offered-tool-set';
import type { ToolHandle } from '../agent/tool-executor';
import type { OfferedTool } from '../domain/offered-tools';
import type { SessionSettings } from '../domain/session';
import type { ToolDefinition } from '../domain/tool-definition';
import { createRememberTool } from './remember-tool';

type ToolSettings = Pick<SessionSettings, 'toolsEnabled' | 'memoryEnabled'>;

/** A session's tool switches: tools at all, memory (recall), and `remember`, offered only when both are on. */
export function toolSwitchesOf(settings: ToolSettings): { tools: boolean; memory: boolean; remember: boolean } {
  const tools = settings.toolsEnabled !== false;
  const memory = settings.memoryEnabled !== false;
  return { tools, memory, remember: tools && memory };
}

/** The person's tools today: their definitions, and the MCP servers' tools where the caller can reach them. */
export type TodayTools = { definitions: readonly ToolDefinition[]; mcp?: readonly OfferedTool[] };

const rememberSpec = createRememberTool(async () => undefined).spec;
const REMEMBER: OfferedTool = { ...rememberSpec, source: { kind: 'builtin' } };

/**
 * The tools a request offers today for a session's settings (architecture.md, "Offered tool sets"), as a run prepares
 * them: none when tools are off; else the enabled definitions, then the MCP servers' tools, then `remember` when
 * memory is on (it wins over a tool of the same name). What every step feature offers for a step recorded without
 * its tools (`stepSend`), and what the context estimate counts for the next request.
 */
export function toolsOfferedToday(settings: ToolSettings, { definitions, mcp = [] }: TodayTools): OfferedTool[] {
  const on = toolSwitchesOf(settings);
  if (!on.tools) return [];
  const own: OfferedTool[] = [
    ...definitions
      .filter((d) => d.enabled)
      .map(
        (d): OfferedTool => ({
          name: d.name,
          description: d.description,
          parameters: d.parameters,
          source: d.kind === 'builtin' ? { kind: 'builtin' } : { kind: 'custom' },
        }),
      ),
    ...mcp,
  ];
  return on.remember ? [...own.filter((t) => t.name !== REMEMBER.name), REMEMBER] : own;
}

/** The MCP servers' tools among a run's prepared tools, as offered. */
export function mcpToolsOf(handles: readonly ToolHandle[]): OfferedTool[] {
  return offeredToolsOf(handles).filter((t) => t.source.kind === 'mcp');
}
