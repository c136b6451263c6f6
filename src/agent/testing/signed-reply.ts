import type { AssistantMessage, WireParts } from '../../domain/messages';
import type { ProviderItem } from '../../domain/provider-items';

/** Test-only: a reply that calls get_weather for Paris, with the provider content it kept (none by default). */
export function parisReply(
  id: string,
  extra: { wireParts?: WireParts; providerItems?: ProviderItem[] } = {},
): AssistantMessage {
  return {
    id,
    createdAt: 0,
    runId: 'r',
    turn: 1,
    role: 'assistant',
    content: 'Looking up Paris.',
    reasoning: 'The person wants Paris.',
    refusal: null,
    toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    status: 'complete',
    ...extra,
  };
}

/** That reply as Anthropic Messages gave it: signed thinking, text, the call. */
export const ANTHROPIC_PARIS: WireParts = {
  format: 'anthropic',
  model: 'claude-a',
  parts: [
    { type: 'thinking', thinking: 'The person wants Paris.', signature: 'sig-1' },
    { type: 'text', text: 'Looking up Paris.' },
    { type: 'tool_use', id: 'c1', name: 'get_weather', input: { city: 'Paris' } },
  ],
};
