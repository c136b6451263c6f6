/**
 * The tools a model request offered (architecture.md, "Offered tool sets"): each tool's name, description and JSON
 * Schema as the model saw them, and where it came from. A session stores each distinct set once, under a content
 * hash, and each request names its set by that hash (`request_started.toolSet`), so a long session offering the same
 * tools on every step keeps them once.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from './call-identity';

/** Where an offered tool came from: one of the app's built-ins, a tool the person made (code or HTTP), an MCP server's, or one the provider runs. */
export type OfferedToolSource =
  | { kind: 'builtin' }
  | { kind: 'custom' }
  | { kind: 'mcp'; serverId: string; serverName: string }
  | { kind: 'provider' };

export type OfferedTool = {
  name: string;
  description: string;
  /** JSON Schema of the arguments (a provider tool's is its configuration as sent). */
  parameters: Record<string, unknown>;
  source: OfferedToolSource;
};

/** One distinct tool set of a session (Dexie table `toolSets`, key [sessionId+hash]). */
export type ToolSetRecord = { sessionId: string; hash: string; tools: OfferedTool[] };

/** The set as hashed and stored: the tools in the order offered. */
export function toolSetText(tools: readonly OfferedTool[]): string {
  return canonicalJson(tools);
}

/**
 * SHA-256 (hex) of the set's canonical JSON: equal sets get equal hashes, in any session, on any device. Synchronous
 * (@noble/hashes), because the loop names the set before the request goes out and WebCrypto's digest would put a task
 * between the turn's preparation and its request.
 */
export function toolSetHash(tools: readonly OfferedTool[]): string {
  return bytesToHex(sha256(utf8ToBytes(toolSetText(tools))));
}

/** "built-in", "custom", "MCP: <server>", "provider": how the tool list names a tool's origin. */
export function offeredToolSourceText(source: OfferedToolSource): string {
  switch (source.kind) {
    case 'builtin':
      return 'built-in';
    case 'custom':
      return 'custom';
    case 'mcp':
      return `MCP: ${source.serverName}`;
    case 'provider':
      return 'provider';
  }
}
