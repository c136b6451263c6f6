/**
 * The SDK's prompt shapes in the app's terms. A filled prompt becomes the text the person would have typed: its
 * messages' text in order; media and embedded resources are named in brackets, since the Message box holds text.
 */
import type { McpPromptInfo, McpPromptText } from './types';

type SdkPrompt = {
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
};
type SdkPromptMessage = {
  role: string;
  content: { type: string; text?: string; mimeType?: string; resource?: { uri?: string; text?: string } };
};

export function toPromptInfo(p: SdkPrompt): McpPromptInfo {
  return {
    name: p.name,
    ...(p.title !== undefined ? { title: p.title } : {}),
    ...(p.description !== undefined ? { description: p.description } : {}),
    arguments: (p.arguments ?? []).map((a) => ({
      name: a.name,
      ...(a.description !== undefined ? { description: a.description } : {}),
      required: a.required === true,
    })),
  };
}

export function promptText(result: { description?: string; messages: SdkPromptMessage[] }): McpPromptText {
  const parts = result.messages.map(({ content }) => {
    if (content.type === 'text') return content.text ?? '';
    if (content.type === 'resource') return content.resource?.text ?? `[resource ${content.resource?.uri ?? ''}]`;
    return `[${content.type}${content.mimeType !== undefined ? ` ${content.mimeType}` : ''}]`;
  });
  return {
    ...(result.description !== undefined ? { description: result.description } : {}),
    text: parts.filter((p) => p !== '').join('\n\n'),
  };
}
