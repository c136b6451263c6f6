import { isRecord } from '../../domain/is-record';
/**
 * What a tool's `_meta.ui` says about an MCP App (architecture.md, "MCP Apps"): the `ui://` resource holding its View
 * and who may call it. A server's meta is untrusted input: anything malformed is ignored, never thrown.
 */
type McpToolVisibility = 'model' | 'app';

export type McpToolUi = {
  /** The View's HTML, a `ui://` resource read with resources/read. */
  resourceUri?: string;
  /** Who may call the tool; absent means both the model and a View. */
  visibility?: McpToolVisibility[];
};

export function readToolUiMeta(meta: unknown): McpToolUi | undefined {
  if (!isRecord(meta)) return undefined;
  const ui = isRecord(meta.ui) ? meta.ui : {};
  // Early servers put the address under the flat key "ui/resourceUri"; the extension kept reading it.
  const rawUri = typeof ui.resourceUri === 'string' ? ui.resourceUri : meta['ui/resourceUri'];
  const resourceUri = typeof rawUri === 'string' && rawUri.startsWith('ui://') ? rawUri : undefined;
  const visibility = Array.isArray(ui.visibility)
    ? ui.visibility.filter((v): v is McpToolVisibility => v === 'model' || v === 'app')
    : undefined;
  if (resourceUri === undefined && visibility === undefined) return undefined;
  return { ...(resourceUri !== undefined ? { resourceUri } : {}), ...(visibility !== undefined ? { visibility } : {}) };
}

/** Whether the model is offered the tool (an app-only tool never is). */
export function modelMayCall(ui: McpToolUi | undefined): boolean {
  return ui?.visibility === undefined || ui.visibility.includes('model');
}

/** Whether a View may call the tool through the host (a model-only tool is refused). */
export function appMayCall(ui: McpToolUi | undefined): boolean {
  return ui?.visibility === undefined || ui.visibility.includes('app');
}
