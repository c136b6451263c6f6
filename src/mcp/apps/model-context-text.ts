import { isRecord } from '../../domain/is-record';

/**
 * The text a View's `ui/update-model-context` gives the model: its text blocks, a placeholder for any other block,
 * and its structured content as JSON. The same for a request as it arrives and for one read back from storage
 * (architecture.md, "MCP Apps"), which is untrusted JSON: anything not of that shape gives null.
 */
export function modelContextText(params: unknown): string | null {
  if (!isRecord(params)) return null;
  const content = params.content === undefined ? [] : params.content;
  if (!Array.isArray(content)) return null;
  const parts: string[] = [];
  for (const block of content) {
    if (!isRecord(block) || typeof block.type !== 'string') return null;
    parts.push(block.type === 'text' && typeof block.text === 'string' ? block.text : `[${block.type}]`);
  }
  if (params.structuredContent !== undefined) parts.push(JSON.stringify(params.structuredContent));
  return parts.join('\n');
}
