/** The SDK's resource shapes in the app's terms (optional fields only when the server gave them). */
import type { McpResourceContent, McpResourceInfo, McpResourceTemplateInfo } from './types';

type Named = { name: string; title?: string; description?: string; mimeType?: string };

function named(r: Named): Omit<McpResourceInfo, 'uri'> {
  return {
    name: r.name,
    ...(r.title !== undefined ? { title: r.title } : {}),
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
  };
}

export const toResourceInfo = (r: Named & { uri: string }): McpResourceInfo => ({ uri: r.uri, ...named(r) });

export const toResourceTemplateInfo = (r: Named & { uriTemplate: string }): McpResourceTemplateInfo => ({
  uriTemplate: r.uriTemplate,
  ...named(r),
});

export function toResourceContent(c: {
  uri: string;
  mimeType?: string;
  text?: unknown;
  blob?: unknown;
  _meta?: Record<string, unknown>;
}): McpResourceContent {
  return {
    uri: c.uri,
    ...(c.mimeType !== undefined ? { mimeType: c.mimeType } : {}),
    ...(typeof c.text === 'string' ? { text: c.text } : {}),
    ...(typeof c.blob === 'string' ? { blob: c.blob } : {}),
    ...(c._meta !== undefined ? { meta: { ...c._meta } } : {}),
  };
}
