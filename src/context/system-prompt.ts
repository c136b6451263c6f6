import type { ToolSpec } from '../agent/tool-executor';
import type { PromptLayer } from '../domain/prompt-layer';

export type PromptLayerId = 'base' | 'session' | 'tools' | 'workspace' | 'memories';

/** The fixed order of layers, from most general to most specific to this turn. */
export const LAYER_ORDER: readonly PromptLayerId[] = ['base', 'session', 'tools', 'workspace', 'memories'];

export const DEFAULT_BASE_PROMPT =
  'You are a helpful assistant running in Toolscope. Use the available tools when they help; ' +
  'when a tool returns an error, read it and correct your call instead of repeating it.';

type LayerInputs = {
  basePrompt: string;
  sessionPrompt: string;
  tools: readonly ToolSpec[];
  now: Date;
  timeZone: string;
  memories: readonly string[];
};

export function buildLayers(input: LayerInputs): PromptLayer<PromptLayerId>[] {
  const layers: PromptLayer<PromptLayerId>[] = [];
  const push = (id: PromptLayerId, title: string, text: string) => {
    if (text.trim()) layers.push({ id, title, text: text.trim() });
  };
  push('base', 'Base prompt', input.basePrompt);
  push('session', 'Session prompt', input.sessionPrompt);
  push('tools', 'Tools', input.tools.map((t) => `- ${t.name}: ${t.description || '(no description)'}`).join('\n'));
  push('workspace', 'Workspace', `Current date and time: ${input.now.toISOString()} (time zone ${input.timeZone}).`);
  push('memories', 'Recalled memories', input.memories.map((m) => `- ${m}`).join('\n'));
  return layers.sort((a, b) => LAYER_ORDER.indexOf(a.id) - LAYER_ORDER.indexOf(b.id));
}

/** The text sent as the request's system message. Headings make each layer's origin visible to the model too. */
export function assembleSystemPrompt(layers: readonly PromptLayer[]): string {
  if (layers.length === 1 && layers[0]?.id === 'base') return layers[0].text;
  return layers.map((l) => `## ${l.title}\n${l.text}`).join('\n\n');
}
