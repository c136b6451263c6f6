/**
 * A tools/call result as the model reads it and as the card keeps it. The model gets text: text blocks as they
 * are, images within bounds as images beside a short note (architecture.md, "Images to the model"), audio and
 * refused images as a note saying why (the data stays with the card), resources as their text or a note, and structured
 * content as JSON when no text came with it. Structured content is checked against the tool's output schema with
 * the app's validator; a mismatch, or `isError`, makes the call a tool error. The model's text is cut at the
 * output limit with the usual visible marker.
 */
import type { ToolLog } from '../agent/tool-executor';
import { byteSize, checkImage } from '../domain/message-images';
import type { MessageImage } from '../domain/messages';
import { cutOutput, DEFAULT_OUTPUT_LIMIT_BYTES } from '../tools/output-limit';
import type { McpCallOutcome, McpContentBlock, McpToolCallResult, McpToolInfo, SchemaCheck } from './types';

type ResultContext = {
  tool: McpToolInfo;
  /** Names the output schema for the validator's cache. */
  schemaId: string;
  check: SchemaCheck;
  outputLimitBytes?: number;
  logs?: ToolLog[];
};

export async function toCallOutcome(result: McpToolCallResult, ctx: ResultContext): Promise<McpCallOutcome> {
  const limit = ctx.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
  const logs = ctx.logs ?? [];
  const images: MessageImage[] = [];
  const label = ctx.tool.title ?? ctx.tool.name;
  const text = result.content.map((b) => modelText(b, label, images)).join('\n');
  const withImages = images.length > 0 ? { images } : {};
  const schema = ctx.tool.outputSchema;
  if (result.isError || schema === undefined) {
    const content =
      text !== '' ? text : result.structuredContent !== undefined ? JSON.stringify(result.structuredContent) : '';
    return {
      outcome: result.isError ? 'error' : 'ok',
      content: cutOutput(
        result.isError && content === '' ? 'The tool reported an error without a message.' : content,
        limit,
      ),
      blocks: result.content,
      ...withImages,
      ...(result.structuredContent !== undefined
        ? { structured: { value: result.structuredContent, issues: [] } }
        : {}),
      logs,
    };
  }
  if (result.structuredContent === undefined) {
    return {
      outcome: 'error',
      content: 'Error: the tool declares an output schema but its result has no structured content.',
      blocks: result.content,
      logs,
    };
  }
  const issues = await ctx.check({ id: ctx.schemaId, schema }, result.structuredContent);
  const structured = { value: result.structuredContent, issues };
  if (issues.length > 0) {
    const list = issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ');
    return {
      outcome: 'error',
      content: cutOutput(`Error: the tool's structured result does not match its output schema: ${list}`, limit),
      blocks: result.content,
      structured,
      logs,
    };
  }
  return {
    outcome: 'ok',
    content: cutOutput(text !== '' ? text : JSON.stringify(result.structuredContent), limit),
    blocks: result.content,
    ...withImages,
    structured,
    logs,
  };
}

/** A block as text for the model; an image it may see is added to `images` and named in the text. */
function modelText(block: McpContentBlock, label: string, images: MessageImage[]): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image': {
      const checked = checkImage(block.mimeType, block.data, `${label} (image ${images.length + 1})`);
      if (checked.ok) {
        images.push(checked.image);
        return `[image ${block.mimeType}, ${byteSize(checked.bytes)}: attached as image ${images.length}]`;
      }
      return `[image ${block.mimeType}, ${byteSize(checked.bytes)}: not sent to the model, ${checked.reason}; shown to the user]`;
    }
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${sizeOf(block.data)}: shown to the user; the model receives only this note]`;
    case 'resource_link':
      return (
        `[resource link: ${block.title ?? block.name} <${block.uri}>` +
        `${block.mimeType !== undefined ? ` (${block.mimeType})` : ''}` +
        `${block.description !== undefined ? ` ${block.description}` : ''}]`
      );
    case 'resource':
      if (block.text !== undefined) return `[resource <${block.uri}>]\n${block.text}`;
      return `[resource <${block.uri}>${block.mimeType !== undefined ? ` ${block.mimeType}` : ''}, ${sizeOf(block.blob ?? '')} of binary data]`;
  }
}

/** The decoded size of base64 data, for a person to read. */
function sizeOf(base64: string): string {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
