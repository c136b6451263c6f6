import type { McpServerRecord } from '../../../domain/mcp-server';
import type { McpServerState } from '../../../store/mcp/mcp-face';

/** One line saying what a server is doing, and for a failure what the person can do about it. */
export function mcpStateText(state: McpServerState, record: Pick<McpServerRecord, 'enabled' | 'cache'>): string {
  if (!record.enabled) return 'Disabled: its tools are not offered to the model.';
  switch (state.status) {
    case 'idle': {
      const cached = record.cache;
      return cached !== undefined
        ? `Not connected. Last seen: ${cached.server.name} ${cached.server.version}, ${cached.server.protocolRevision}.`
        : 'Not connected.';
    }
    case 'connecting':
      return 'Connecting…';
    case 'connected': {
      const s = state.server;
      const { tools, resources, prompts } = s.counts;
      return (
        `Connected to ${s.title ?? s.name}${s.version !== '' ? ` ${s.version}` : ''}, protocol ${s.protocolRevision}: ` +
        `${tools} tools, ${resources} resources, ${prompts} prompts.`
      );
    }
    case 'needs-sign-in':
      return `Needs sign-in: ${state.message}`;
    case 'failed':
      return `Failed: ${state.failure.message}`;
  }
}
