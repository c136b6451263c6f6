/**
 * The SDK's result and tool shapes, copied into this layer's own types (types.ts), so nothing outside src/mcp
 * depends on the SDK's types and a server's extra fields never travel further in.
 */
import type { CallToolResult, ContentBlock, Tool } from '@modelcontextprotocol/client';
import { readToolUiMeta } from './apps/tool-ui-meta';
import type { McpContentBlock, McpToolAnnotations, McpToolCallResult, McpIconRef, McpToolInfo } from './types';

export function toToolInfo(tool: Tool): McpToolInfo {
  const a = tool.annotations;
  const annotations: McpToolAnnotations | undefined =
    a === undefined
      ? undefined
      : {
          ...(a.title !== undefined ? { title: a.title } : {}),
          ...(a.readOnlyHint !== undefined ? { readOnlyHint: a.readOnlyHint } : {}),
          ...(a.destructiveHint !== undefined ? { destructiveHint: a.destructiveHint } : {}),
          ...(a.idempotentHint !== undefined ? { idempotentHint: a.idempotentHint } : {}),
          ...(a.openWorldHint !== undefined ? { openWorldHint: a.openWorldHint } : {}),
        };
  const ui = readToolUiMeta(tool._meta);
  return {
    name: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: { ...tool.inputSchema },
    ...(tool.outputSchema !== undefined ? { outputSchema: { ...tool.outputSchema } } : {}),
    ...(annotations !== undefined ? { annotations } : {}),
    ...(ui !== undefined ? { ui } : {}),
    ...iconsOf(tool),
  };
}

const MAX_ICONS = 4;
const MAX_ICON_SRC = 64 * 1024;

/** A tool's icons, only those the page may show: https addresses and data: images, a few, of bounded size. */
function iconsOf(tool: Tool): { icons?: McpIconRef[] } {
  const raw: unknown = (tool as { icons?: unknown }).icons;
  if (!Array.isArray(raw)) return {};
  const icons: McpIconRef[] = [];
  for (const icon of raw) {
    if (icons.length >= MAX_ICONS) break;
    if (icon === null || typeof icon !== 'object') continue;
    const { src, mimeType, theme } = icon as { src?: unknown; mimeType?: unknown; theme?: unknown };
    if (typeof src !== 'string' || src.length > MAX_ICON_SRC || !/^(https:\/\/|data:image\/)/i.test(src)) continue;
    icons.push({
      src,
      ...(typeof mimeType === 'string' ? { mimeType } : {}),
      ...(theme === 'light' || theme === 'dark' ? { theme } : {}),
    });
  }
  return icons.length > 0 ? { icons } : {};
}

export function toCallResult(result: CallToolResult): McpToolCallResult {
  return {
    content: result.content.map(toBlock),
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    isError: result.isError === true,
  };
}

function toBlock(block: ContentBlock): McpContentBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', mimeType: block.mimeType, data: block.data };
    case 'audio':
      return { type: 'audio', mimeType: block.mimeType, data: block.data };
    case 'resource_link':
      return {
        type: 'resource_link',
        uri: block.uri,
        name: block.name,
        ...(block.title !== undefined ? { title: block.title } : {}),
        ...(block.mimeType !== undefined ? { mimeType: block.mimeType } : {}),
        ...(block.description !== undefined ? { description: block.description } : {}),
      };
    case 'resource': {
      const r = block.resource;
      return {
        type: 'resource',
        uri: r.uri,
        ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
        ...('text' in r && typeof r.text === 'string' ? { text: r.text } : {}),
        ...('blob' in r && typeof r.blob === 'string' ? { blob: r.blob } : {}),
      };
    }
    default:
      return { type: 'text', text: `[content of an unsupported type]` };
  }
}
